/**
 * A one-time message shown after a redirect ("You are signed in", "Password changed"). The
 * server keeps it in a short-lived cookie between the redirect and the next page; see
 * session.server.ts.
 */
export type ToastKind = 'success' | 'error';

export interface Flash {
  kind: ToastKind;
  message: string;
  /** New for every message, so the same text shown twice still animates again. */
  id: string;
}

/**
 * Query parameters that mark a page reached with an outcome a person must be able to read again
 * (a donation's result, a cookie choice saved without JavaScript). The redirect that carries the
 * message adds one; the message then stays in the page instead of fading in a toast.
 */
export const lastingOutcomeParams = ['donation', 'cookie-choice'] as const;

/**
 * Whether a flash stays in the page (PageNotice) rather than showing as a toast: refusals and
 * failures always do (toasts are for outcomes that went well), and so do the outcomes above.
 */
export function flashStaysInPage(flash: Pick<Flash, 'kind'>, search: string): boolean {
  if (flash.kind === 'error') return true;
  const params = new URLSearchParams(search);
  return lastingOutcomeParams.some((name) => params.has(name));
}
