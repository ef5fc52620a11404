import { errorTexts, limits } from '@ipatient/contracts';
import { revisionTexts } from '@ipatient/contracts/campaign-revisions';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import { isUuid } from '@ipatient/contracts/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { readForm } from '../../plugins/multipart.ts';
import { answerFromRead, usePublicCache } from '../../plugins/public-cache.ts';
import { documentLinkKey } from './campaign-documents.service.ts';
import * as moderation from './campaign-moderation.service.ts';
import * as revisions from './campaign-revisions.service.ts';
import * as service from './campaigns.service.ts';
import { evidenceRoutes } from './evidence.routes.ts';
import { listWeeklyWinners } from './weekly-winners.service.ts';

const campaigns = endpoints.campaigns;
const coverLimit = {
  image: { maxBytes: limits.imageMaxBytes, tooLarge: errorTexts.imageTooLarge },
};
/** The campaign as it was before an admin changes it, for the audit log (null: none). */
async function campaignBefore(db: service.CampaignsDeps['db'], request: FastifyRequest) {
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return isUuid(id) ? moderation.campaignAuditSummary(db, id) : null;
}

export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.CampaignsDeps = {
    db: app.db,
    storage: app.storage,
    bankLookup: app.bankLookup,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    documentLinkKey: documentLinkKey(app.config.jwtSecret),
  };
  // Visitors' reads from a short-lived cache; this scope's writes empty it.
  usePublicCache(app);
  // Evidence documents and the admin's review (their own module, in this scope).
  await app.register(evidenceRoutes);

  app.route({
    ...endpointRoute(app, campaigns.create),
    handler: async (request, reply) => {
      const form = await readForm(request, coverLimit);
      const result = await service.createCampaign(
        deps,
        currentUser(request).user,
        form.fields,
        form.files.image,
      );
      return reply.status(201).send({ message: errorTexts.campaignSubmitted, result });
    },
  });

  app.route({
    ...endpointRoute(app, campaigns.list, { publicCache: true }),
    handler: async (request, reply) => {
      const page = await service.listCampaigns(app.db, request.auth?.user, request.query);
      return answerFromRead(request, reply, page, () => ({
        message: 'Campaigns fetched',
        ...page,
      }));
    },
  });

  app.route({
    ...endpointRoute(app, campaigns.weeklyWinners, { publicCache: true }),
    handler: async (request) => ({
      message: 'Weekly winners fetched',
      results: await listWeeklyWinners(app.db, request.auth?.user, request.query.limit),
    }),
  });

  app.route({
    ...endpointRoute(app, campaigns.get, { publicCache: true }),
    handler: async (request, reply) => {
      const result = await service.getCampaign(app.db, request.auth?.user, request.params.id);
      return answerFromRead(request, reply, result, () => ({
        message: 'Campaign fetched',
        result,
      }));
    },
  });

  app.route({
    ...endpointRoute(app, campaigns.ofUser),
    handler: async (request) => {
      const result = await service.getUsersCampaign(
        app.db,
        currentUser(request).user,
        request.params.id,
      );
      return { message: result ? 'Campaign fetched' : 'No Campaign Yet', result };
    },
  });

  app.route({
    ...endpointRoute(app, campaigns.mine),
    handler: async (request) => ({
      message: 'Campaigns fetched',
      results: await service.listOwnCampaigns(app.db, currentUser(request).user),
    }),
  });

  app.route({
    ...endpointRoute(app, campaigns.update),
    handler: async (request) => {
      const form = await readForm(request, coverLimit);
      const { campaign, outcome } = await service.updateCampaign(
        deps,
        currentUser(request).user,
        request.params.id,
        form.fields,
        form.files.image,
      );
      const messages = {
        backToReview:
          'Your changes were saved. The campaign goes live again once our team has reviewed them.',
        pendingReview: revisionTexts.savedForReview,
        updated: 'Campaign updated',
      } as const;
      return { message: messages[outcome], result: campaign };
    },
  });

  app.route({
    ...endpointRoute(app, campaigns.submissionStatus),
    handler: async (request) => {
      const campaignId = await revisions.submittedCampaignOf(
        app.db,
        currentUser(request).user.id,
        request.params.key,
      );
      return {
        message: campaignId ? revisionTexts.alreadySubmitted : 'Not submitted yet',
        result: { submitted: campaignId !== undefined, campaignId: campaignId ?? null },
      };
    },
  });

  app.route({
    ...endpointRoute(app, campaigns.pendingChange),
    handler: async (request) => {
      const result = await revisions.getPendingChange(
        app.db,
        currentUser(request).user,
        request.params.id,
      );
      return { message: result ? revisionTexts.waitingNote : 'No changes waiting', result };
    },
  });

  app.route({
    ...endpointRoute(app, campaigns.withdrawChange),
    handler: async (request) => {
      await revisions.withdrawChange(deps, currentUser(request).user, request.params.id);
      return { message: revisionTexts.withdrawn };
    },
  });

  app.route({
    ...endpointRoute(app, campaigns.adminChanges),
    handler: async (request) => ({
      message: 'Changes fetched',
      ...(await revisions.listChanges(app.db, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, campaigns.approveChange, {
      audit: { entity: 'campaign', before: (request) => campaignBefore(app.db, request) },
    }),
    handler: async (request) => ({
      message: revisionTexts.approved,
      result: await revisions.approveChange(
        deps,
        currentUser(request).user,
        request.params.id,
        request.body,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, campaigns.rejectChange, {
      audit: { entity: 'campaign', before: (request) => campaignBefore(app.db, request) },
    }),
    handler: async (request) => ({
      message: revisionTexts.rejected,
      result: await revisions.rejectChange(
        deps,
        currentUser(request).user,
        request.params.id,
        request.body,
      ),
    }),
  });

  // The organiser's own act: admins take a campaign down through the status route instead.
  app.route({
    ...endpointRoute(app, campaigns.remove),
    handler: async (request) => {
      await service.deleteCampaign(app.db, currentUser(request).user, request.params.id);
      return { message: 'Campaign deleted' };
    },
  });

  app.route({
    ...endpointRoute(app, campaigns.like),
    handler: async (request) => {
      const { campaign, added } = await service.likeCampaign(
        app.db,
        currentUser(request).user,
        request.params.id,
      );
      return {
        message: added ? 'Thank you for your Green-Heart!' : 'You already liked this campaign',
        result: campaign,
      };
    },
  });

  app.route({
    ...endpointRoute(app, campaigns.adminList),
    handler: async (request) => ({
      message: 'Campaigns fetched',
      ...(await moderation.listForModeration(app.db, currentUser(request).user, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, campaigns.moderate, {
      audit: { entity: 'campaign', before: (request) => campaignBefore(app.db, request) },
    }),
    handler: async (request) => {
      const result = await moderation.moderateCampaign(
        deps,
        currentUser(request).user,
        request.params.id,
        request.body,
      );
      const messages = {
        active: 'The campaign is live and the organiser has been told.',
        rejected: 'The campaign was rejected and the organiser has been told why.',
        completed: 'The campaign is completed.',
        awaiting_review: 'Campaign updated',
      } as const;
      return { message: messages[result.status], result };
    },
  });
};
