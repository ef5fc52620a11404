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
