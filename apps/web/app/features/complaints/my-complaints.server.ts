import type { RouterContextProvider } from 'react-router';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { getSession } from '../../lib/session.server.ts';
import { nextDeadline } from './complaint-text.ts';
import type { AdvocacyResource, Complaint } from './complaint-types.ts';
import { fetchAdvocacyResources, fetchUserComplaints } from './complaints.server.ts';

type Context = Readonly<RouterContextProvider>;

/** Complaints per page of the account's Advocacy tab. */
export const myComplaintsPageSize = 10;

/** What the tab shows of each complaint (the account page hydrates: keep it small). */
export type MyComplaint = Pick<
  Complaint,
  '_id' | 'reference' | 'hospitalName' | 'status' | 'submittedAt'
> & { next: ReturnType<typeof nextDeadline> };

/** What the account's Advocacy tab shows. */
export interface MyComplaintsTab {
  /** null: the API could not answer ('Error Fetching Advocacy'). */
  complaints: MyComplaint[] | null;
  page: number;
  totalPages: number;
  total: number;
  resources: AdvocacyResource[];
}

export async function loadMyComplaintsTab(
  context: Context,
  request: Request,
): Promise<MyComplaintsTab> {
  const user = await getSession(context).user();
  const requested = pageNumber(new URL(request.url).searchParams.get('page'));
  const [list, resources] = await Promise.all([
    user ? fetchUserComplaints(context, user._id, requested, myComplaintsPageSize) : null,
    fetchAdvocacyResources(context),
  ]);
  if (!list) return { complaints: null, page: 1, totalPages: 1, total: 0, resources };
  return {
    complaints: list.complaints.map((complaint) => ({
      _id: complaint._id,
      reference: complaint.reference,
      hospitalName: complaint.hospitalName,
      status: complaint.status,
      submittedAt: complaint.submittedAt,
      next: nextDeadline(complaint),
    })),
    page: list.page,
    totalPages: Math.max(1, Math.ceil(list.total / Math.max(1, list.limit))),
    total: list.total,
    resources,
  };
}
