import type { SignInAgain } from './wizard-island.tsx';

/**
 * A post to the wizard's own page answered as JSON (the route's middleware answers posts that
 * ask for it before the page would be rendered). When the session has ended the answer names
 * the sign-in page, which brings the member back here: the browser goes there and this
 * resolves to null.
 */
export async function postToPage<T>(body: FormData): Promise<T | null> {
  const response = await fetch(`${window.location.pathname}${window.location.search}`, {
    method: 'POST',
    body,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  const answer = (await response.json()) as T | SignInAgain;
  if (typeof answer === 'object' && answer !== null && 'signIn' in answer) {
    window.location.assign(answer.signIn);
    return null;
  }
  return answer;
}
