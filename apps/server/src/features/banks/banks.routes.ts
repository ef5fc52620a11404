import { banks } from '@ipatient/contracts';
import {
  ZBankAccountResponse,
  ZBanksResponse,
  ZVerifyBankAccountRequest,
} from '@ipatient/contracts/campaigns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { bankLookupsPerUser as perUser } from '../../plugins/bank-lookup/bank-lookup.ts';
import { assertWithinLimit, type Limit, recordEvent } from '../../plugins/rate-limits.ts';

const tags = ['Banks'];

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
  app.get(
    '/banks',
    {
      schema: {
        tags,
        summary: 'Nigerian banks with the codes the account lookup uses',
        response: { 200: ZBanksResponse },
      },
    },
    async (_request, reply) => {
      // The list changes with a release, not per request.
      reply.header('cache-control', 'public, max-age=3600');
      return { message: 'Banks fetched', results: bankList };
    },
  );

  app.post(
    '/verify-bank-account',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The name on a bank account (Paystack, or the sandbox resolver by default)',
        security: [{ bearerAuth: [] }],
        body: ZVerifyBankAccountRequest,
        response: { 200: ZBankAccountResponse },
      },
    },
    async (request) => {
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
  );
};
