import { security } from '@ipatient/contracts/constants';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { presentUser } from '../../lib/present-user.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { readForm } from '../../plugins/multipart.ts';
import * as service from './users.service.ts';

const users = endpoints.users;

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.UsersDeps = { db: app.db, storage: app.storage };

  app.route({
    ...endpointRoute(app, users.me),
    handler: async (request) => ({
      message: 'User fetched',
      result: presentUser(currentUser(request).user),
    }),
  });

  app.route({
    ...endpointRoute(app, users.get),
    handler: async (request) => ({
      message: 'User fetched',
      result: await service.getSingleUser(app.db, currentUser(request).user, request.params.userId),
    }),
  });

  app.route({
    ...endpointRoute(app, users.completeOnboarding),
    handler: async (request) => ({
      message: 'Your details have been saved',
      result: await service.updateOnboarding(app.db, currentUser(request).user, request.body),
    }),
  });

  app.route({
    ...endpointRoute(app, users.updateProfile),
    handler: async (request) => {
      const form = await readForm(request, { image: security.profileImageMaxBytes });
      return {
        message: 'Profile updated successfully',
        result: await service.updateProfile(
          deps,
          currentUser(request).user,
          request.params.id,
          form.fields,
          form.files.image,
        ),
      };
    },
  });

  app.route({
    ...endpointRoute(app, users.setAdvocate),
    handler: async (request) => {
      const result = await service.setAdvocate(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body.isAdvocate,
      );
      return {
        message: result.isAdvocate
          ? 'Thank you for volunteering as an advocate.'
          : 'You are no longer volunteering as an advocate.',
        result,
      };
    },
  });

  app.route({
    ...endpointRoute(app, users.facilityOnboarding),
    handler: async (request) => {
      const form = await readForm(request, {
        logo: security.profileImageMaxBytes,
        reg_doc: security.documentMaxBytes,
        other_doc: security.documentMaxBytes,
      });
      return {
        message: 'Facility onboarding saved',
        result: await service.onboardFacility(
          deps,
          currentUser(request).user,
          form.fields,
          form.files,
        ),
      };
    },
  });
};
