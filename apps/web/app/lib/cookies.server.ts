import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie, parseSetCookie, stringifySetCookie } from 'cookie';
import { currentCookieSecret } from './cookie-secret.server.ts';

/**
 * The web app's one way to read and write cookies, on the `cookie` package: values are decoded
 * when read and encoded when written, every cookie is the whole site's (`Path=/`,
 * `SameSite=Lax`), and the app's own short-lived state cookies are signed.
 */

/** The value of one cookie in a Cookie header, decoded; undefined when it is absent. */
export function readCookie(header: string | null, name: string): string | undefined {
  return header ? parseCookie(header)[name] : undefined;
}

/** The name a Set-Cookie value sets. */
export function setCookieName(setCookie: string): string {
  return parseSetCookie(setCookie).name;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
  /** Default true: scripts have no business reading the site's own state cookies. */
  httpOnly?: boolean;
}

/** One Set-Cookie value for a cookie of the whole site (`Path=/`, `SameSite=Lax`). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return stringifySetCookie({
    name,
    value,
    maxAge: Math.max(0, Math.floor(options.maxAge)),
    path: '/',
    sameSite: 'lax',
    httpOnly: options.httpOnly !== false,
    secure: options.secure,
  });
}

/** HMAC-SHA256 of the cookie's name and value: a value moved to another cookie does not pass. */
function signature(name: string, value: string, secret: string): string {
  return createHmac('sha256', secret).update(`${name}=${value}`).digest('base64url');
}

/**
 * A Set-Cookie value whose content carries its signature (`value.signature`), for state the app
 * must get back as it wrote it: what a visitor sends back changed, or made up, is not read.
 */
export function serializeSignedCookie(
  name: string,
  value: string,
  options: CookieOptions,
  secret: string = currentCookieSecret(),
): string {
  const signed = `${value}.${signature(name, value, secret)}`;
  return serializeCookie(name, signed, options);
}

/**
 * The value of a signed cookie; undefined when it is absent, unsigned, or its signature does not
 * match (changed, made up, or signed under another key): as if there were none.
 */
export function readSignedCookie(
  header: string | null,
  name: string,
  secret: string = currentCookieSecret(),
): string | undefined {
  const raw = readCookie(header, name);
  const dot = raw?.lastIndexOf('.') ?? -1;
  if (raw === undefined || dot < 0) return undefined;
  const value = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(signature(name, value, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}

/** Cookies get `Secure` when the page itself came over HTTPS. */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}
