import type { RouterContextProvider } from 'react-router';
import { rawApi, rethrowIfUnavailable } from './api-context.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * Reading with the typed client (`getApi(context).area.name(...)`): a page that shows "could not
 * load" on a failure reads through `readBody`, a page of one thing through `lookup`. Both pass
 * the 503 of a briefly unavailable service on (the page then says so) and log other failures.
 */
type Answer<T> = { ok: true; body: T } | { ok: false; status: number };

/** The body of a successful answer, or undefined when the API refused or failed (logged). */
export async function readBody<T>(what: string, call: Promise<Answer<T>>): Promise<T | undefined> {
  try {
    const answer = await call;
    if (answer.ok) return answer.body;
    if (answer.status >= 500) console.error(`${what} answered ${answer.status}`);
    return undefined;
  } catch (error) {
    rethrowIfUnavailable(error);
    console.error(`${what} failed`, error);
    return undefined;
  }
}

/** One thing as the viewer may see it: found, not found (or a malformed id), or an error. */
export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'not-found' } | { kind: 'error' };

export async function lookup<T>(what: string, call: Promise<Answer<T>>): Promise<Lookup<T>> {
  try {
    const answer = await call;
    if (answer.ok) return { kind: 'found', value: answer.body };
    // A malformed id is as unknown as a missing one.
    if (answer.status === 404 || answer.status === 400) return { kind: 'not-found' };
    return { kind: 'error' };
  } catch (error) {
    rethrowIfUnavailable(error);
    console.error(`${what} failed`, error);
    return { kind: 'error' };
  }
}

/** The body of a successful GET, or undefined when the API refused or failed (logged). */
export async function getJson(context: Context, path: string): Promise<unknown> {
  try {
    const response = await rawApi(context)(path);
    return response.status === 200 ? response.body : undefined;
  } catch (error) {
    rethrowIfUnavailable(error);
    console.error(`GET ${path} failed`, error);
    return undefined;
  }
}

/** The `results` list of an answer, or undefined when it has none (not an array). */
export function resultsOf(body: unknown): unknown[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { results } = body as { results?: unknown };
  return Array.isArray(results) ? results : undefined;
}

export type PageMeta = Partial<Record<'page' | 'limit' | 'total', number>> & {
  totalIsCapped?: boolean;
};

/** The `meta` of a paginated answer (empty when there is none). */
export function metaOf(body: unknown): PageMeta {
  if (typeof body !== 'object' || body === null) return {};
  return (body as { meta?: PageMeta }).meta ?? {};
}
