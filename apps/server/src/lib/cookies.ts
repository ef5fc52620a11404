import { createHmac } from 'node:crypto';
import {
  type Cookies,
  parseCookie,
  parseSetCookie,
  type SetCookie,
  stringifyCookie,
  stringifySetCookie,
} from 'cookie';
import type { Config } from '../config.ts';

/**
 * The server's one way to read and write cookies, on the `cookie` package (which @fastify/cookie
 * uses too): the page route reads the visitor's cookies, rewrites the request's Cookie header for
 * the web app's loaders, and sends Set-Cookie lines; the API's own cookies go through
 * `reply.setCookie` with the attributes of `siteCookie`.
 */

export type { Cookies };

/**
 * The cookies of a Cookie header by name, values decoded. A name sent twice counts once, by its
 * first value, as @fastify/cookie reads it for the API.
 */
export function readCookies(header: string | undefined): Cookies {
  return header ? parseCookie(header) : {};
}

/** One cookie of a Cookie header; undefined when it is absent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  return readCookies(header)[name];
}

/**
 * A Cookie header carrying these cookies (values encoded as the browser would send them). A
 * cookie whose name no Cookie header may carry (a client can send anything) is left out.
 */
export function cookieHeader(cookies: Cookies): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(cookies)) {
    try {
      pairs.push(stringifyCookie({ [name]: value }));
    } catch {
      // Not a cookie name: the library refuses to write it.
    }
  }
  return pairs.filter(Boolean).join('; ');
}

/** One Set-Cookie line. */
export function setCookieLine(cookie: SetCookie): string {
  return stringifySetCookie(cookie);
}

/** The name a Set-Cookie line sets. */
export function setCookieName(line: string): string {
  return parseSetCookie(line).name;
}

/**
 * Applies an answer's Set-Cookie lines to a request's cookies, as the browser will: a cookie set
 * to nothing, or with a Max-Age of 0 or an expiry in the past, disappears.
 */
export function applySetCookies(cookies: Cookies, lines: string[], now = Date.now()): void {
  for (const line of lines) {
    const cookie = parseSetCookie(line);
    if (!cookie.name) continue;
    const expired =
      cookie.maxAge !== undefined
        ? cookie.maxAge <= 0
        : cookie.expires !== undefined && cookie.expires.getTime() <= now;
    if (!cookie.value || expired) delete cookies[cookie.name];
    else cookies[cookie.name] = cookie.value;
  }
}

/**
 * What every cookie of the site shares: sent for every path, kept from cross-site requests
 * (`SameSite=Lax`), and `Secure` when the public address is https. `HttpOnly` is each cookie's
 * own choice (the XSRF token is read by the page's script on purpose).
 */
export function siteCookie(config: Pick<Config, 'publicUrl'>): {
  path: '/';
  sameSite: 'lax';
  secure: boolean;
} {
  return { path: '/', sameSite: 'lax', secure: config.publicUrl.startsWith('https:') };
}

/**
 * The key the web app signs its own short-lived cookies with (the flash message, the address a
 * code went to). Derived from the server's secret, never the secret itself: the web app holds
 * only what it needs, and its signatures mean nothing to the API's tokens and hashes.
 */
export function webCookieSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('web-cookies').digest('base64url');
}
