import { advocacyResources } from '@ipatient/contracts/advocacy-resources';
import type { RouterContextProvider } from 'react-router';
import { rawApi, rethrowIfUnavailable } from '../../lib/api-context.ts';
import { getJson, metaOf, resultsOf } from '../../lib/api-read.server.ts';
import type { AdvocacyResource, Complaint } from './complaint-types.ts';

type Context = Readonly<RouterContextProvider>;

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
    const response = await rawApi(context)(`/get-single-advocacy/${encodeURIComponent(id)}`);
    if (response.status === 200) {
      const { result } = response.body as { result?: Complaint };
      return result ? { kind: 'found', complaint: result } : { kind: 'error' };
    }
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
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  const body = await getJson(
    context,
    `/get-user-advocacies/${encodeURIComponent(userId)}?${params}`,
  );
  const results = resultsOf(body);
  if (!results) return null;
  const meta = metaOf(body);
  return {
    complaints: results as Complaint[],
    page: meta.page ?? page,
    limit: meta.limit ?? limit,
    total: meta.total ?? results.length,
  };
}

/**
 * The ebooks and videos of GET /get-advocacy-files; the same list from the shared data module
 * when the API could not answer (it is static text).
 */
export async function fetchAdvocacyResources(context: Context): Promise<AdvocacyResource[]> {
  const results = resultsOf(await getJson(context, '/get-advocacy-files')) as
    | AdvocacyResource[]
    | undefined;
  const list =
    results ?? advocacyResources.map((resource) => ({ ...resource, _id: resource.slug }));
  return list.map((resource) => ({
    _id: resource._id,
    kind: resource.kind,
    title: resource.title,
    summary: resource.summary,
    minutes: resource.minutes,
    available: resource.available,
  }));
}
