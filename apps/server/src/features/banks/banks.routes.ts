import { banks } from '@ipatient/contracts';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { bankLookupsPerUser as perUser } from '../../plugins/bank-lookup/bank-lookup.ts';
import { assertWithinLimit, type Limit, recordEvent } from '../../plugins/rate-limits.ts';

const bankList = [...banks]
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  .map((bank) => ({ id: bank.slug, name: bank.name, code: bank.code }));

/** Looking up names is how account details get harvested: cap it per address too. */
const perAddress: Limit = {
  bucket: 'bank-lookup-address',
  max: 100,
  windowSeconds: 60 * 60,
  message: 'Too many account checks from your network. Please try again in {wait}.',
};

export const banksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(app, endpoints.banks.list),
    handler: async (_request, reply) => {
      // The list changes with a release, not per request.
      reply.header('cache-control', 'public, max-age=3600');
      return { message: 'Banks fetched', results: bankList };
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.banks.verifyAccount),
    handler: async (request) => {
      const { user } = currentUser(request);
      await assertWithinLimit(app.db, perUser, user.id);
      await assertWithinLimit(app.db, perAddress, request.clientKey);
      await Promise.all([
        recordEvent(app.db, perUser.bucket, user.id),
        recordEvent(app.db, perAddress.bucket, request.clientKey),
      ]);
      const { bankCode, accountNumber } = request.body;
      const result = await app.bankLookup.resolve(bankCode, accountNumber);
      return { message: 'Account verified', result };
    },
  });
};
