import type { TTokens } from '@ipatient/contracts/accounts';
import { cookieNames, security } from '@ipatient/contracts/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { siteCookie } from '../../lib/cookies.ts';

/** Set by the web app's in-process calls: keep the tokens in HttpOnly cookies (docs/product.md#sessions). */
export const AUTH_TRANSPORT_HEADER = 'x-auth-transport';

export function wantsCookies(request: FastifyRequest): boolean {
  return request.headers[AUTH_TRANSPORT_HEADER] === 'cookie';
}

/** The session cookies: the site's attributes, and out of reach of the page's scripts. */
function baseOptions(config: Config) {
  return { ...siteCookie(config), httpOnly: true };
}

export function setSessionCookies(reply: FastifyReply, config: Config, tokens: TTokens): void {
  reply.setCookie(cookieNames.accessToken, tokens.accessToken, {
    ...baseOptions(config),
    maxAge: security.accessTokenMinutes * 60,
  });
  reply.setCookie(cookieNames.refreshToken, tokens.refreshToken, {
    ...baseOptions(config),
    maxAge: security.refreshTokenDays * 24 * 60 * 60,
  });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  reply.clearCookie(cookieNames.accessToken, baseOptions(config));
  reply.clearCookie(cookieNames.refreshToken, baseOptions(config));
}
