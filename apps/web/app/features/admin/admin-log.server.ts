import { rethrowIfUnavailable } from '../../lib/api-context.ts';
import { apiMessage } from '../../lib/forms.server.ts';
import { type AdminListPage, toListPage } from './admin-list.ts';

/** The answer of a log's list call, as far as the loader reads it. */
type LogAnswer<T> =
  | {
      ok: true;
      body: { results: T[]; meta?: { page: number; limit: number; total: number } | undefined };
    }
  | {
      ok: false;
      status: number;
      body: { message?: string; errors?: Record<string, string> };
    };

/** What the page of an admin log shows under its filters. */
export interface AdminLogPage<R> {
  /** Why there is no list: the API's word on a refused filter, or `failure`. */
  error: string | null;
  /** The API's message per refused filter, shown at its field. */
  fieldErrors: Record<string, string>;
  list: AdminListPage<R> | null;
}

/**
 * A page of an admin log (the audit log, the access log) read from the API, its entries made
 * rows by `toRow`. A 400 names the filter that is wrong (e.g. "to must not be before from"):
 * the page shows it. Any other failure is `failure`; a briefly unavailable service, the 503 page.
 */
export async function readAdminLog<T, R>(
  call: Promise<LogAnswer<T>>,
  toRow: (entry: T) => R,
  failure: string,
): Promise<AdminLogPage<R>> {
  const answer = await call.catch((error: unknown) => {
    rethrowIfUnavailable(error);
    return undefined;
  });
  if (answer?.ok) return { error: null, fieldErrors: {}, list: toListPage(answer.body, toRow) };
  const refused = answer?.status === 400 ? answer.body : undefined;
  return {
    error: refused ? apiMessage(refused, 'These filters are not valid.') : failure,
    fieldErrors: refused?.errors ?? {},
    list: null,
  };
}
