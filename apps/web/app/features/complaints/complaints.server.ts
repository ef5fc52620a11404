import { advocacyResources } from '@ipatient/contracts/advocacy-resources';
import type { RouterContextProvider } from 'react-router';
import { getApi, rethrowIfUnavailable } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { formText } from '../../lib/forms.server.ts';
import type { complaintFields } from './complaint-text.ts';
import type { AdvocacyResource, Complaint } from './complaint-types.ts';

type Context = Readonly<RouterContextProvider>;

/** The complaint form's fields as the API takes them (POST /create-advocacy, PUT /update-advocacy). */
export function complaintRequest(form: FormData): Record<(typeof complaintFields)[number], string> {
  return {
    hospitalName: formText(form, 'hospitalName'),
    hospitalAddress: formText(form, 'hospitalAddress'),
    category: formText(form, 'category'),
    complaints: formText(form, 'complaints'),
  };
}

export type ComplaintLookup =
  | { kind: 'found'; complaint: Complaint }
  | { kind: 'not-found' }
  | { kind: 'error' };

/**
 * One complaint (GET /get-single-advocacy/{id}) as the signed-in member may see it: someone
 * else's, or an unknown id, is not found.
 */
export async function fetchComplaint(context: Context, id: string): Promise<ComplaintLookup> {
  try {
    const response = await getApi(context).complaints.get({ params: { id } });
    if (response.ok) return { kind: 'found', complaint: response.body.result };
    if ([400, 403, 404].includes(response.status)) return { kind: 'not-found' };
    return { kind: 'error' };
  } catch (error) {
    rethrowIfUnavailable(error);
    console.error('GET /get-single-advocacy failed', error);
    return { kind: 'error' };
  }
}

export interface ComplaintPage {
  complaints: Complaint[];
  page: number;
  limit: number;
  total: number;
}

/** A page of the member's complaints, newest first; null when the API could not answer. */
export async function fetchUserComplaints(
  context: Context,
  userId: string,
  page: number,
  limit: number,
): Promise<ComplaintPage | null> {
  const body = await readBody(
    'GET user complaints',
    getApi(context).complaints.listOfUser({ params: { userId }, query: { page, limit } }),
  );
  if (!body) return null;
  const { results, meta } = body;
  return {
    complaints: results,
    page: meta?.page ?? page,
    limit: meta?.limit ?? limit,
    total: meta?.total ?? results.length,
  };
}

/**
 * The ebooks and videos of GET /get-advocacy-files; the same list from the shared data module
 * when the API could not answer (it is static text).
 */
export async function fetchAdvocacyResources(context: Context): Promise<AdvocacyResource[]> {
  const body = await readBody('GET advocacy resources', getApi(context).complaints.resources());
  const list =
    body?.results ?? advocacyResources.map((resource) => ({ ...resource, _id: resource.slug }));
  return list.map((resource) => ({
    _id: resource._id,
    kind: resource.kind,
    title: resource.title,
    summary: resource.summary,
    minutes: resource.minutes,
    available: resource.available,
  }));
}
