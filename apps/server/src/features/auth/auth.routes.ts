import { cookieNames } from '@ipatient/contracts/constants';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { verifyAccessToken } from '../../lib/jwt.ts';
import { accessTokenOf, currentUser } from '../../plugins/auth/auth.plugin.ts';
import {
  clearSessionCookies,
  setSessionCookies,
  wantsCookies,
} from '../../plugins/auth/cookies.ts';
import * as service from './auth.service.ts';

const auth = endpoints.auth;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.AuthDeps = { db: app.db, config: app.config, mail: app.mail };
  const context = (request: FastifyRequest): service.RequestContext => ({
    clientKey: request.clientKey,
    userAgent: request.headers['user-agent'],
  });
  /** The web app keeps tokens in HttpOnly cookies; API clients read them from the body. */
  const signedIn = (request: FastifyRequest, reply: FastifyReply, result: service.SignedIn) => {
    if (wantsCookies(request)) setSessionCookies(reply, app.config, result.tokens);
    return { message: result.message, tokens: result.tokens, result: result.result };
  };

  app.route({
    ...endpointRoute(app, auth.signUp),
    handler: async (request) => service.signUp(deps, request.body, context(request)),
  });

  app.route({
    ...endpointRoute(app, auth.resendSignupCode),
    handler: async (request) =>
      service.resendSignupCode(deps, request.body.email, context(request)),
  });

  app.route({
    ...endpointRoute(app, auth.validateSignupCode),
    handler: async (request, reply) =>
      signedIn(
        request,
        reply,
        await service.validateSignupCode(deps, request.body, context(request)),
      ),
  });

  app.route({
    ...endpointRoute(app, auth.signIn),
    handler: async (request, reply) =>
      signedIn(request, reply, await service.signIn(deps, request.body, context(request))),
  });

  app.route({
    ...endpointRoute(app, auth.refresh),
    handler: async (request, reply) => {
      const token = request.body?.refreshToken ?? request.cookies[cookieNames.refreshToken];
      try {
        const { tokens } = await service.refreshSession(deps, token);
        if (wantsCookies(request)) setSessionCookies(reply, app.config, tokens);
        return { message: 'Access token refreshed', result: tokens.accessToken, tokens };
      } catch (error) {
        // A failed refresh signs the browser out: the user is cleared.
        if (wantsCookies(request)) clearSessionCookies(reply, app.config);
        throw error;
      }
    },
  });

  app.route({
    ...endpointRoute(app, auth.logout),
    handler: async (request, reply) => {
      const access = accessTokenOf(request)?.token;
      // An expired access token still names its session; only a forged one is ignored.
      const verified = access ? verifyAccessToken(access, app.config.jwtSecret, 0) : undefined;
      await service.logout(deps, {
        sessionId: verified?.ok ? verified.claims.sid : undefined,
        refreshToken: request.body?.refreshToken ?? request.cookies[cookieNames.refreshToken],
      });
      clearSessionCookies(reply, app.config);
      return { message: 'You have been logged out' };
    },
  });

  app.route({
    ...endpointRoute(app, auth.requestPasswordReset),
    handler: async (request) =>
      service.requestPasswordReset(deps, request.body.email, context(request)),
  });

  app.route({
    ...endpointRoute(app, auth.resetPassword),
    handler: async (request) => service.resetPassword(deps, request.body, context(request)),
  });

  app.route({
    ...endpointRoute(app, auth.changePassword),
    handler: async (request) =>
      service.changePassword(
        deps,
        currentUser(request),
        request.body,
        { current: 'currentPassword', next: 'newPassword' },
        context(request),
      ),
  });

  app.route({
    ...endpointRoute(app, auth.changePersonnelPassword),
    handler: async (request) =>
      service.changePassword(
        deps,
        currentUser(request),
        { currentPassword: request.body.old_password, newPassword: request.body.new_password },
        { current: 'old_password', next: 'new_password' },
        context(request),
      ),
  });
};
