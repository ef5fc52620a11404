// Reading the address is shared with lists outside this feature (lib/query-params.ts).
export { queryText } from '../../lib/query-params.ts';

/** A page of an admin list, read from the API's `{results, meta}` answer. */
export interface AdminListPage<T> {
  rows: T[];
  page: number;
  totalPages: number;
  total: number;
}

/** The rows and paging of a typed list answer (`{results, meta}`). */
export function toListPage<T, R>(
  body: { results: T[]; meta?: { page: number; limit: number; total: number } | undefined },
  map: (item: T) => R,
): AdminListPage<R> {
  const rows = body.results.map(map);
  const page = body.meta && body.meta.page > 0 ? body.meta.page : 1;
  const limit = body.meta && body.meta.limit > 0 ? body.meta.limit : rows.length || 1;
  const total = body.meta ? body.meta.total : rows.length;
  return { rows, page, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/**
 * The address of `path` with the given query parameters (empty ones left out) and page (left
 * out when 1), so filtered and paged lists have tidy, shareable addresses.
 */
export function listHref(
  path: string,
  params: Record<string, string | undefined>,
  page = 1,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
