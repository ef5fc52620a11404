import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { safeEqual } from './secrets.ts';

/**
 * The web's CSRF tokens (the `XSRF-TOKEN` cookie, echoed as a header or hidden form field) are
 * made by this server only: 24 random bytes and an HMAC of them under the server's secret, both
 * base64url, joined by a dot. A cookie value of any other shape, or with a signature this server
 * did not make, is never trusted: it is not written into a page and does not pass the CSRF
 * check, so a client (or a sibling subdomain that can set cookies) cannot choose its own token.
 */
const RANDOM_BYTES = 24;
const SIGNATURE_BYTES = 16;
export const CSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{22}$/;

function signature(secret: string, random: string): string {
  return createHmac('sha256', secret)
    .update(`csrf:${random}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

export function issueCsrfToken(secret: string): string {
  const random = randomBytes(RANDOM_BYTES).toString('base64url');
  return `${random}.${signature(secret, random)}`;
}

/**
 * Tokens whose signature was checked, with the secret they were checked under: a browser sends
 * its token with every page and form, and the answer never changes, so it is worked out once.
 * Only tokens this server issued are kept, the least recently used going first.
 */
const checked = new LRUCache<string, string>({ max: 20_000 });

/** Whether this server could have issued the token: its exact shape and its signature. */
export function isIssuedCsrfToken(token: string | undefined, secret: string): token is string {
  if (token === undefined || !CSRF_TOKEN_PATTERN.test(token)) return false;
  if (checked.get(token) === secret) return true;
  const [random = '', given = ''] = token.split('.');
  const issued = safeEqual(given, signature(secret, random));
  if (issued) checked.set(token, secret);
  return issued;
}
