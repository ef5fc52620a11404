import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import * as service from './phone.service.ts';

const phone = endpoints.phone;

/** The member's phone number: verification by a texted code, and texts on or off. */
export const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.PhoneDeps = { db: app.db, config: app.config, sms: app.sms };

  app.route({
    ...endpointRoute(app, phone.get),
    handler: async (request) => ({
      message: 'Your phone number',
      result: await service.getPhoneStatus(deps, currentUser(request).user),
    }),
  });

  app.route({
    ...endpointRoute(app, phone.sendCode),
    handler: async (request) =>
      service.sendPhoneCode(deps, currentUser(request).user, request.body.phone, request.clientKey),
  });

  app.route({
    ...endpointRoute(app, phone.verify),
    handler: async (request) => ({
      message: 'Your phone number is verified.',
      result: await service.verifyPhone(
        deps,
        currentUser(request).user,
        request.body.code,
        request.clientKey,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, phone.setSmsUpdates),
    handler: async (request) => {
      const result = await service.setSmsUpdates(
        deps,
        currentUser(request).user,
        request.body.smsUpdates,
      );
      return {
        message: result.smsUpdates
          ? 'We will send your donation receipts and complaint updates by text message too.'
          : 'We will no longer send you text messages about donations and complaints.',
        result,
      };
    },
  });
};
