import { rethrowIfUnavailable } from './api-context.ts';

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
