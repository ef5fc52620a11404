import { cookieNames, csrfHeader } from '@ipatient/contracts/constants';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  applySetCookies,
  cookieHeader,
  readCookies,
  setCookieLine,
  siteCookie,
} from '../lib/cookies.ts';
import { isIssuedCsrfToken, issueCsrfToken } from '../lib/csrf-token.ts';
import { peekExpiry } from '../lib/jwt.ts';
import { AUTH_TRANSPORT_HEADER } from './auth/cookies.ts';

/** Refresh a little before expiry, so the token does not lapse during the request. */
const REFRESH_MARGIN_MS = 30_000;

/**
 * Before a page renders: gives a first-time visitor the XSRF-TOKEN cookie that forms echo back,
 * and renews an expired access token from the refresh cookie, so a signed-in user is never shown
 * the signed-out page (docs/security.md). The request's Cookie header is updated for the loaders; the
 * returned Set-Cookie lines go to the browser with the page.
 */
export async function prepareSession(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<string[]> {
  const cookies = readCookies(request.headers.cookie);
  const setCookies: string[] = [];
  let csrf = cookies[cookieNames.csrf];
  // Only a token this server issued is kept: a value the client chose never reaches a page.
  if (!isIssuedCsrfToken(csrf, app.config.jwtSecret)) {
    csrf = issueCsrfToken(app.config.jwtSecret);
    cookies[cookieNames.csrf] = csrf;
    // Readable by the page's script on purpose: it sends it back as the X-XSRF-TOKEN header.
    setCookies.push(
      setCookieLine({ name: cookieNames.csrf, value: csrf, ...siteCookie(app.config) }),
    );
  }
  const refreshToken = cookies[cookieNames.refreshToken];
  const accessToken = cookies[cookieNames.accessToken];
  const expiresAt = accessToken ? peekExpiry(accessToken) : undefined;
  if (refreshToken && (!expiresAt || expiresAt - Date.now() < REFRESH_MARGIN_MS)) {
    const response = await app.inject({
      method: endpoints.auth.refresh.method,
      url: `/api/v1${endpoints.auth.refresh.path}`,
      headers: {
        cookie: cookieHeader({
          [cookieNames.refreshToken]: refreshToken,
          [cookieNames.csrf]: csrf,
        }),
        [csrfHeader.toLowerCase()]: csrf,
        [AUTH_TRANSPORT_HEADER]: 'cookie',
        'user-agent': request.headers['user-agent'] ?? '',
        'x-request-id': request.id,
      },
      remoteAddress: request.ip,
      payload: {},
    });
    const set = response.headers['set-cookie'];
    const lines = set === undefined ? [] : Array.isArray(set) ? set : [set];
    applySetCookies(cookies, lines);
    setCookies.push(...lines);
  }
  request.headers.cookie = cookieHeader(cookies);
  return setCookies;
}
