import { accountDeletionTexts } from '@ipatient/contracts/account-deletion';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { clearSessionCookies } from '../../plugins/auth/cookies.ts';
import * as service from './account-deletion.service.ts';

/** The member's right to have their account deleted. */
export const accountDeletionRoutes: FastifyPluginAsyncZod<{
  loginLimits: service.LoginLimits;
}> = async (app, options) => {
  const deps: service.AccountDeletionDeps = {
    db: app.db,
    mail: app.mail,
    storage: app.storage,
    loginLimits: options.loginLimits,
  };

  app.route({
    ...endpointRoute(app, endpoints.accountDeletion.preview),
    handler: async (request) => ({
      message: 'What deleting your account would do.',
      result: await service.preview(deps, currentUser(request).user.id),
    }),
  });

  app.route({
    ...endpointRoute(app, endpoints.accountDeletion.delete),
    handler: async (request, reply) => {
      const { user } = currentUser(request);
      await service.deleteAccount(deps, user, request.body.password, request.clientKey);
      clearSessionCookies(reply, app.config);
      return { message: accountDeletionTexts.deleted, result: { deleted: true as const } };
    },
  });
};
