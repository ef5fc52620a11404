import {
  isSecureRequest,
  readSignedCookie,
  serializeCookie,
  serializeSignedCookie,
} from '../../lib/cookies.server.ts';
import { safeLocalPath } from '../../lib/safe-path.ts';

/**
 * Between "send me a code" and "here is the code" the site remembers which address the code
 * went to (and, for sign-up, when another may be asked for) in a short-lived HttpOnly cookie:
 * it works without JavaScript and keeps the address out of URLs and browser history. The cookie
 * is signed: one the site did not write (another address, an earlier resend time) is ignored.
 */
const cookies = { signup: 'pending_signup', reset: 'pending_reset' } as const;
type Purpose = keyof typeof cookies;

const maxAgeSeconds = 60 * 60;

export interface PendingCode {
  email: string;
  /** Epoch milliseconds from which a new code may be asked for. */
  resendAt: number;
  /** Where a new member was heading when they chose to sign up (a path on this site). */
  next?: string | undefined;
}

/** The steps of signing up and logging in: no one is sent on to these. */
const ACCOUNT_STEPS = /^\/(log(in|out)|signup|verify|personalize)\b/i;

/**
 * Where to send a new member once they are signed up and have personalized (or skipped it): the
 * page they were heading to, if it is a page on this site that is not a step of signing up.
 */
export function onwardPath(value: FormDataEntryValue | string | null | undefined): string {
  const path = safeLocalPath(value);
  return ACCOUNT_STEPS.test(path) ? '/' : path;
}

export function readPending(request: Request, purpose: Purpose): PendingCode | null {
  const raw = readSignedCookie(request.headers.get('Cookie'), cookies[purpose]);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingCode>;
    if (typeof value.email !== 'string' || !value.email) return null;
    return {
      email: value.email,
      resendAt: typeof value.resendAt === 'number' ? value.resendAt : 0,
      next: typeof value.next === 'string' ? onwardPath(value.next) : undefined,
    };
  } catch {
    return null;
  }
}

export function pendingSetCookie(
  request: Request,
  purpose: Purpose,
  email: string,
  resendAfterSeconds = 0,
  next?: string | undefined,
): string {
  const value: PendingCode = { email, resendAt: Date.now() + resendAfterSeconds * 1000 };
  if (next && next !== '/') value.next = onwardPath(next);
  return serializeSignedCookie(cookies[purpose], JSON.stringify(value), {
    maxAge: maxAgeSeconds,
    secure: isSecureRequest(request),
  });
}

export function pendingClearCookie(request: Request, purpose: Purpose): string {
  return serializeCookie(cookies[purpose], '', { maxAge: 0, secure: isSecureRequest(request) });
}

/** Whole seconds until a new code may be asked for (0 when it may be now). */
export function secondsUntilResend(pending: PendingCode | null): number {
  if (!pending) return 0;
  return Math.max(0, Math.ceil((pending.resendAt - Date.now()) / 1000));
}
