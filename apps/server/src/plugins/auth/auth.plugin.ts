import { cookieNames, csrfHeader } from '@ipatient/contracts/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isIssuedCsrfToken } from '../../lib/csrf-token.ts';
import { verifyAccessToken } from '../../lib/jwt.ts';
import type { UserRow } from '../../lib/present-user.ts';
import { safeEqual } from '../../lib/secrets.ts';
import { WEB_PAGES_ROUTE } from '../../lib/web-route.ts';
import { AppError } from '../errors.ts';
import { pruneEvents } from '../rate-limits.ts';
import { wantsCookies } from './cookies.ts';
import { deleteExpiredAccountData, findSessionUser } from './session.repository.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
  via: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.requireUser` (or `app.optionalUser`). */
    auth: AuthContext | undefined;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid access token of a live session comes with the request. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: like requireUser, and 403 unless the user is an admin. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: reads the user when a token is present; visitors pass as `undefined`. */
    optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Live sessions this instance has read (plugins/auth/session-cache.ts). */
    sessionCache: SessionCache;
  }
  interface FastifyContextConfig {
    /**
     * The route's only credential is a signed token in the request itself (an unsubscribe
     * link's): it never reads cookies or the session, so a forged cross-site request can do
     * nothing its sender could not do alone, and the CSRF check does not apply. Mail apps'
     * one-click unsubscribe posts with no cookies and no token of ours.
     */
    signedByToken?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match)
    throw new AppError('UNAUTHENTICATED', 'The Authorization header must be "Bearer <token>".');
  return match[1];
}

/** Cookie-authenticated: the browser sends credentials on its own, so CSRF matters. */
function usesSessionCookies(request: FastifyRequest): boolean {
  if (request.headers.authorization) return false;
  return (
    wantsCookies(request) ||
    request.cookies[cookieNames.accessToken] !== undefined ||
    request.cookies[cookieNames.refreshToken] !== undefined
  );
}

function sameOrigin(origin: string, request: FastifyRequest, publicUrl: string): boolean {
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return host === new URL(publicUrl).host || host === request.headers.host;
}

/**
 * Double-submit CSRF check for writes that ride on cookies: the XSRF-TOKEN cookie must be a token
 * this server issued (lib/csrf-token.ts), the X-XSRF-TOKEN header (or the form's copy of it,
 * forwarded by the web app) must equal it, and the browser must not call it a cross-site request.
 */
export function checkCsrf(
  request: FastifyRequest,
  config: { publicUrl: string; jwtSecret: string },
): void {
  if (!UNSAFE.has(request.method) || !usesSessionCookies(request)) return;
  const refused = new AppError(
    'FORBIDDEN',
    'This request could not be verified. Please reload the page and try again.',
  );
  if (request.headers['sec-fetch-site'] === 'cross-site') throw refused;
  const origin = request.headers.origin;
  if (origin && origin !== 'null' && !sameOrigin(origin, request, config.publicUrl)) throw refused;
  const cookie = request.cookies[cookieNames.csrf];
  const header = request.headers[csrfHeader.toLowerCase()];
  if (!isIssuedCsrfToken(cookie, config.jwtSecret)) throw refused;
  if (typeof header !== 'string' || !safeEqual(cookie, header)) throw refused;
}

/**
 * Whether a request needs the CSRF check, decided by the route the router matched, never by the
 * raw URL: the router collapses `//` and decodes `%61`, so `//api/v1/…` or `/%61pi/v1/…` reach
 * the same handlers as `/api/v1/…`. Every route is checked except the web app's pages, whose
 * form actions make their writes through the API in-process with the form's token (checked
 * there), and requests that matched no route (they do nothing).
 */
export function needsCsrfCheck(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (request.routeOptions.config?.signedByToken === true) return false;
  return route !== undefined && route !== WEB_PAGES_ROUTE;
}

/** The access token of a request: the Bearer header, else the web's cookie. */
export function accessTokenOf(
  request: FastifyRequest,
): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = request.cookies[cookieNames.accessToken];
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

/** The user of a live session: from this instance's session cache, else from the database. */
function sessionUser(
  app: FastifyInstance,
  userId: string,
  sessionId: string,
): Promise<UserRow | undefined> {
  return app.sessionCache.read(sessionId, userId, async () => {
    const found = await findSessionUser(app.db, userId, sessionId);
    return found && { user: found.user, expiresAt: found.expiresAt.getTime() };
  });
}

async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthContext | undefined> {
  const access = accessTokenOf(request);
  if (!access) return undefined;
  const token = access.token;
  const result = verifyAccessToken(token, app.config.jwtSecret);
  if (!result.ok) {
    if (result.reason === 'expired') {
      throw new AppError('TOKEN_EXPIRED', 'Your session has expired. Please log in again.');
    }
    throw new AppError('UNAUTHENTICATED', 'Please log in again.');
  }
  const user = await sessionUser(app, result.claims.userId, result.claims.sid);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please log in again.');
  return { user, sessionId: result.claims.sid, via: access.via };
}

/**
 * The user of a live session whose access token this is, as `requireUser` reads it (the session
 * cache, else the database); undefined for a token that is not valid now or a session that ended.
 */
export async function userOfAccessToken(
  app: FastifyInstance,
  token: string,
): Promise<UserRow | undefined> {
  const result = verifyAccessToken(token, app.config.jwtSecret);
  if (!result.ok) return undefined;
  return sessionUser(app, result.claims.userId, result.claims.sid);
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return request.auth;
}

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

export const authPlugin = fp(
  async (app: FastifyInstance, options: { connectionString?: string }) => {
    app.decorateRequest('auth', undefined);
    const sessionCache = createSessionCache({
      connectionString: options.connectionString,
      log: (message, error) => app.log.warn({ err: error }, message),
    });
    app.decorate('sessionCache', sessionCache);
    app.addHook('onClose', () => sessionCache.close());
    // A write that went through may have changed a session or an account (a sign-out, a
    // suspension): what this instance holds of them is dropped before the answer goes out.
    app.addHook('onSend', async (request, reply) => {
      if (UNSAFE.has(request.method) && reply.statusCode < 400) await sessionCache.settle();
    });
    // Old abuse counters, ended sessions and dead codes are removed hourly; every instance may
    // run it, the deletes are idempotent.
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        Promise.all([pruneEvents(app.db), deleteExpiredAccountData(app.db)]).catch((error) =>
          app.log.warn({ err: error }, 'account housekeeping failed'),
        );
      }, HOUSEKEEPING_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
    app.addHook('onRequest', async (request) => {
      if (needsCsrfCheck(request)) checkCsrf(request, app.config);
    });
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      request.auth = await authenticate(app, request);
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.auth = await authenticate(app, request);
      if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      request.auth = await authenticate(app, request);
      if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
      if (request.auth.user.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'Only administrators can do this.');
      }
    });
  },
);
