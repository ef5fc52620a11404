import { errorTexts, limits } from '@ipatient/contracts';
import { ZMessageResponse } from '@ipatient/contracts/accounts';
import {
  ZAdminCampaignListQuery,
  ZCampaignListQuery,
  ZCampaignListResponse,
  ZCampaignOrNullResponse,
  ZCampaignResponse,
  ZCampaignStatusRequest,
  ZWeeklyWinnersResponse,
} from '@ipatient/contracts/campaigns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { readForm } from '../../plugins/multipart.ts';
import { usePublicCache } from '../../plugins/public-cache.ts';
import { findCampaign } from './campaigns.repository.ts';
import * as service from './campaigns.service.ts';

const tags = ['Campaigns'];
const bearer = [{ bearerAuth: [] }];
const ZIdParams = z.object({ id: z.uuid({ error: 'Not a campaign id' }) });
const ZUserIdParams = z.object({ id: z.uuid({ error: 'Not a user id' }) });
const coverLimit = {
  image: { maxBytes: limits.imageMaxBytes, tooLarge: errorTexts.imageTooLarge },
};
const multipartBody = ['multipart/form-data', 'application/json'];

/** The admin list's query: the contract's filters plus a search of title, story and place. */
const ZAdminListQuery = ZAdminCampaignListQuery.extend({
  search: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: 'Search must be text' })
      .trim()
      .max(100, { error: 'Search must be at most 100 characters' })
      .optional(),
  ),
});

/** The campaign as it was before an admin changes it, for the audit log. */
async function campaignBefore(app: { db: service.CampaignsDeps['db'] }, id: unknown) {
  if (typeof id !== 'string' || !UUID.test(id)) return null;
  const row = await findCampaign(app.db, id);
  if (!row) return null;
  const { campaign } = row;
  return {
    title: campaign.title,
    status: campaign.status,
    rejectionReason: campaign.rejectionReason,
    userId: campaign.userId,
  };
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.CampaignsDeps = {
    db: app.db,
    storage: app.storage,
    bankLookup: app.bankLookup,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
  };
  // Visitors' reads from a short-lived cache; this scope's writes empty it.
  usePublicCache(app);

  app.post(
    '/post-crowedFunding',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Submit a campaign for review (multipart: fields and the cover `image`)',
        description:
          'The account name is resolved by the server from bankCode and accountNumber; `bank` and `accountName` sent by a client are ignored. The campaign starts awaiting review.',
        consumes: multipartBody,
        security: bearer,
        response: { 201: ZCampaignResponse },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, coverLimit);
      const result = await service.createCampaign(
        deps,
        currentUser(request).user,
        form.fields,
        form.files.image,
      );
      return reply.status(201).send({ message: errorTexts.campaignSubmitted, result });
    },
  );

  app.get(
    '/get-crowedFundings',
    {
      preHandler: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Live campaigns: newest approval first (sort=recent) or most liked (sort=likes)',
        querystring: ZCampaignListQuery,
        response: { 200: ZCampaignListResponse },
      },
    },
    async (request) => ({
      message: 'Campaigns fetched',
      ...(await service.listCampaigns(app.db, request.auth?.user, request.query)),
    }),
  );

  app.get(
    '/crowdfunding-weekly-winners',
    {
      preHandler: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'The campaigns that won weekly funding, newest week first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(52).default(10) }),
        response: { 200: ZWeeklyWinnersResponse },
      },
    },
    async (request) => ({
      message: 'Weekly winners fetched',
      results: await service.listWeeklyWinners(app.db, request.auth?.user, request.query.limit),
    }),
  );

  app.get(
    '/single-crowedfunding/:id',
    {
      preHandler: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'One campaign: live ones for everyone, any status for its organiser and admins',
        params: ZIdParams,
        response: { 200: ZCampaignResponse },
      },
    },
    async (request) => ({
      message: 'Campaign fetched',
      result: await service.getCampaign(app.db, request.auth?.user, request.params.id),
    }),
  );

  app.get(
    '/active-crowdfunding/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "A user's current campaign (yourself, or anyone for an admin); null if none",
        security: bearer,
        params: ZUserIdParams,
        response: { 200: ZCampaignOrNullResponse },
      },
    },
    async (request) => {
      const result = await service.getUsersCampaign(
        app.db,
        currentUser(request).user,
        request.params.id,
      );
      return { message: result ? 'Campaign fetched' : 'No Campaign Yet', result };
    },
  );

  app.get(
    '/my-crowdfundings',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Every campaign of the signed-in user, newest first, with its status',
        security: bearer,
        response: { 200: ZCampaignListResponse },
      },
    },
    async (request) => ({
      message: 'Campaigns fetched',
      results: await service.listOwnCampaigns(app.db, currentUser(request).user),
    }),
  );

  app.put(
    '/update-crowedFunding/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Change your campaign (multipart, every field optional)',
        description:
          'Changing the story, title, goal, beneficiary, bank account or cover of a live campaign sends it back to review; a rejected campaign goes back to review on any change. The cover is a PNG or JPEG of at most 16 megapixels; a user may upload 10 cover photos an hour, new campaigns and changes together (429 after that).',
        consumes: multipartBody,
        security: bearer,
        params: ZIdParams,
        response: { 200: ZCampaignResponse },
      },
    },
    async (request) => {
      const form = await readForm(request, coverLimit);
      const { campaign, backToReview } = await service.updateCampaign(
        deps,
        currentUser(request).user,
        request.params.id,
        form.fields,
        form.files.image,
      );
      return {
        message: backToReview
          ? 'Your changes were saved. The campaign goes live again once our team has reviewed them.'
          : 'Campaign updated',
        result: campaign,
      };
    },
  );

  app.delete(
    '/soft-delete-crowedFunding/:id',
    {
      // The organiser's own act: admins take a campaign down through the status route instead.
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Delete your campaign (it disappears everywhere)',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await service.deleteCampaign(app.db, currentUser(request).user, request.params.id);
      return { message: 'Campaign deleted' };
    },
  );

  app.put(
    '/like-crowdfunding/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Give a live campaign your Green-Heart (once; a second like changes nothing)',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZCampaignResponse },
      },
    },
    async (request) => {
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
  );

  app.get(
    '/admin/crowdfunding',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary:
          'Admins: every campaign, oldest submission first, filtered by status and searched by words',
        security: bearer,
        querystring: ZAdminListQuery,
        response: { 200: ZCampaignListResponse },
      },
    },
    async (request) => ({
      message: 'Campaigns fetched',
      ...(await service.listForModeration(app.db, currentUser(request).user, request.query)),
    }),
  );

  app.put(
    '/admin/crowdfunding/:id/status',
    {
      preHandler: app.requireAdmin,
      config: {
        audit: {
          entity: 'campaign',
          before: (request: { params: unknown }) =>
            campaignBefore(app, (request.params as { id?: unknown }).id),
        },
      },
      schema: {
        tags,
        summary: 'Admins: approve (active), reject (with a reason) or complete a campaign',
        description:
          "`expectedUpdatedAt` is the campaign's `updatedAt` as the admin reviewed it; when the campaign changed since, the answer is 409 and nothing changes. Required to approve; checked when sent for the other moves.",
        security: bearer,
        params: ZIdParams,
        body: ZCampaignStatusRequest,
        response: { 200: ZCampaignResponse },
      },
    },
    async (request) => {
      const result = await service.moderateCampaign(
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
  );
};
