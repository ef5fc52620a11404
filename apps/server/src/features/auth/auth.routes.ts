import {
  ZAccessTokenResponse,
  ZChangePasswordRequest,
  ZCodeSentResponse,
  ZEmailRequest,
  ZMessageResponse,
  ZPersonnelChangePasswordRequest,
  ZRefreshRequest,
  ZResetPasswordRequest,
  ZSignInRequest,
  ZSignInResponse,
  ZSignUpRequest,
  ZValidateSignupOtpRequest,
} from '@ipatient/contracts/accounts';
import { cookieNames, limits } from '@ipatient/contracts/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyAccessToken } from '../../lib/jwt.ts';
import { accessTokenOf, currentUser } from '../../plugins/auth/auth.plugin.ts';
import {
  clearSessionCookies,
  setSessionCookies,
  wantsCookies,
} from '../../plugins/auth/cookies.ts';
import * as service from './auth.service.ts';

const tags = ['Auth and user'];

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

  app.post(
    '/sign-up',
    {
      schema: {
        tags,
        summary:
          'Start a registration: keeps the details and emails a 6-character code (an address with an account gets the same answer; its owner is told instead)',
        body: ZSignUpRequest,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (request) => service.signUp(deps, request.body, context(request)),
  );

  app.post(
    '/send-signup-otp',
    {
      schema: {
        tags,
        summary:
          'Send the sign-up code again (30 s apart, 5 an hour; the same answer for every address)',
        body: ZEmailRequest,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (request) => service.resendSignupCode(deps, request.body.email, context(request)),
  );

  app.post(
    '/validate-signup-otp',
    {
      schema: {
        tags,
        summary: 'Check the sign-up code: creates the account and signs the user in',
        body: ZValidateSignupOtpRequest,
        response: { 200: ZSignInResponse },
      },
    },
    async (request, reply) =>
      signedIn(
        request,
        reply,
        await service.validateSignupCode(deps, request.body, context(request)),
      ),
  );

  app.post(
    '/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: ZSignInRequest,
        response: { 200: ZSignInResponse },
      },
    },
    async (request, reply) =>
      signedIn(request, reply, await service.signIn(deps, request.body, context(request))),
  );

  app.post(
    '/get-access-token',
    {
      schema: {
        tags,
        summary: 'A new access token for a refresh token (rotated: use the new one next time)',
        body: ZRefreshRequest.optional(),
        response: { 200: ZAccessTokenResponse },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the session of the token (and clears the web cookies)',
        body: ZRefreshRequest.optional(),
        response: { 200: ZMessageResponse },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/send-password-reset-link',
    {
      schema: {
        tags,
        summary: `Email a ${limits.resetCodeLength}-character reset code and link (the same answer whether or not the account exists)`,
        body: ZEmailRequest,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (request) => service.requestPasswordReset(deps, request.body.email, context(request)),
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the code emailed to that address; ends every session',
        body: ZResetPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => service.resetPassword(deps, request.body, context(request)),
  );

  app.put(
    '/change-password',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Change the password; other sessions end',
        security: [{ bearerAuth: [] }],
        body: ZChangePasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) =>
      service.changePassword(
        deps,
        currentUser(request),
        request.body,
        { current: 'currentPassword', next: 'newPassword' },
        context(request),
      ),
  );

  app.post(
    '/medical_personel/change_password',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Change the password (the medical personnel form of the same call)',
        security: [{ bearerAuth: [] }],
        body: ZPersonnelChangePasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) =>
      service.changePassword(
        deps,
        currentUser(request),
        { currentPassword: request.body.old_password, newPassword: request.body.new_password },
        { current: 'old_password', next: 'new_password' },
        context(request),
      ),
  );
};
