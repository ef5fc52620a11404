import type { TUser } from '@ipatient/contracts/accounts';
import { cookieNames } from '@ipatient/contracts/constants';
import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from 'react-router';
import { getApi } from './api-context.ts';
import { cookieSecretContext, withCookieSecret } from './cookie-secret.server.ts';
import {
  isSecureRequest,
  readCookie,
  readSignedCookie,
  serializeCookie,
  serializeSignedCookie,
  setCookieName,
} from './cookies.server.ts';
import type { Flash, ToastKind } from './flash.ts';

/** What every loader and action of one page request knows about its visitor. */
export interface RequestSession {
  /** The `XSRF-TOKEN` cookie: forms carry it as the hidden `csrf` field (double submit). */
  csrf: string;
  /** The message left by the previous response's redirect, if any. */
  flash: Flash | null;
  /** The root loader calls this when it hands the flash to the page, so it is shown once. */
  markFlashShown(): void;
  /** The signed-in user (GET /get-me, at most once per request), or null for a visitor. */
  user(): Promise<TUser | null>;
}

export const sessionContext = createContext<RequestSession>();

const flashCookie = 'flash';
/** Long enough to survive a slow redirect on 2G, short enough never to reappear later. */
const flashMaxAgeSeconds = 60;
const flashMaxLength = 500;

function parseFlash(raw: string | undefined): Flash | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { kind, message } = value as Record<string, unknown>;
    if ((kind !== 'success' && kind !== 'error') || typeof message !== 'string' || !message) {
      return null;
    }
    return { kind, message: message.slice(0, flashMaxLength), id: crypto.randomUUID() };
  } catch {
    return null;
  }
}

/**
 * The Set-Cookie value that leaves a message for the page the redirect leads to. Signed: a flash
 * cookie the server did not write (a link cannot make the site say something) is ignored.
 */
export function flashSetCookie(request: Request, kind: ToastKind, message: string): string {
  return serializeSignedCookie(
    flashCookie,
    JSON.stringify({ kind, message: message.slice(0, flashMaxLength) }),
    { maxAge: flashMaxAgeSeconds, secure: isSecureRequest(request) },
  );
}

async function fetchUser(context: Readonly<RouterContextProvider>): Promise<TUser | null> {
  const response = await getApi(context).users.me();
  return response.ok ? response.body.result : null;
}

/**
 * Root middleware: reads the CSRF token and the flash message, offers the signed-in user to
 * loaders and actions, and deletes the flash cookie once a page has shown the message (not on
 * redirects, and not on data requests that did not run the root loader). The loaders and actions
 * run with the request's cookie-signing key at hand (cookie-secret.server.ts).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const secret = args.context.get(cookieSecretContext);
  return withCookieSecret(secret, () => handleSession(args, next, secret));
};

async function handleSession(
  { request, context }: Parameters<MiddlewareFunction<Response>>[0],
  next: () => Promise<Response>,
  secret: string,
): Promise<Response> {
  const cookieHeader = request.headers.get('Cookie');
  const flash = parseFlash(readSignedCookie(cookieHeader, flashCookie, secret));
  const signedIn =
    readCookie(cookieHeader, cookieNames.accessToken) !== undefined ||
    readCookie(cookieHeader, cookieNames.refreshToken) !== undefined;
  let flashShown = false;
  let user: Promise<TUser | null> | undefined;
  context.set(sessionContext, {
    csrf: readCookie(cookieHeader, cookieNames.csrf) ?? '',
    flash,
    markFlashShown: () => {
      flashShown = true;
    },
    user: () => {
      user ??= signedIn ? fetchUser(context) : Promise.resolve(null);
      return user;
    },
  });

  const response = await next();
  const isRedirect = response.status >= 300 && response.status < 400;
  const setsFlash = response.headers
    .getSetCookie()
    .some((cookie) => setCookieName(cookie) === flashCookie);
  if (flash && flashShown && !isRedirect && !setsFlash) {
    const clear = serializeCookie(flashCookie, '', { maxAge: 0, secure: isSecureRequest(request) });
    try {
      response.headers.append('Set-Cookie', clear);
    } catch {
      // Some responses have immutable headers: copy it.
      const copy = new Response(response.body, response);
      copy.headers.append('Set-Cookie', clear);
      return copy;
    }
  }
  return response;
}

export function getSession(context: Readonly<RouterContextProvider>): RequestSession {
  return context.get(sessionContext);
}

/**
 * The signed-in user, or a redirect to the login page that comes back here afterwards
 * (docs/product.md#pages-and-navigation: /account and /personalize are for members only).
 */
export async function requireUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<TUser> {
  const user = await getSession(context).user();
  if (user) return user;
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  throw redirect(`/login?${params}`);
}
