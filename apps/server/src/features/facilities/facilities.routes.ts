import { errorTexts, limits } from '@ipatient/contracts';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import { facilityTexts } from '@ipatient/contracts/facilities';
import { payoutAccountTexts } from '@ipatient/contracts/facility-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { readForm } from '../../plugins/multipart.ts';
import * as admin from './facilities.admin.ts';
import * as service from './facilities.service.ts';
import * as payout from './facility-payout.service.ts';

const facilities = endpoints.facilities;
const imageLimit = {
  image: { maxBytes: limits.imageMaxBytes, tooLarge: errorTexts.imageTooLarge },
};

export const facilitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.FacilitiesDeps = {
    db: app.db,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
  };
  const adminDeps: admin.FacilityAdminDeps = { db: app.db, storage: app.storage };
  const paramId = (request: { params: unknown }) => (request.params as { id?: unknown }).id;
  const facilityBefore = (request: { params: unknown }) =>
    admin.facilityBefore(app.db, paramId(request));
  const reviewBefore = (request: { params: unknown }) =>
    admin.reviewBefore(app.db, paramId(request));
  const payoutDeps: payout.FacilityPayoutDeps = {
    db: app.db,
    bankLookup: app.bankLookup,
    payments: app.payments,
  };
  const payoutAudit = {
    entity: 'facility_payout_account',
    before: (request: { params: unknown }) => payout.payoutAccountBefore(app.db, paramId(request)),
  };

  app.route({
    ...endpointRoute(app, facilities.list),
    handler: async (request) => ({
      message: 'Facilities fetched',
      ...(await service.listFacilities(app.db, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, facilities.get),
    handler: async (request) => ({
      message: 'Facility fetched',
      result: await service.getFacility(app.db, request.auth?.user, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, facilities.reviews),
    handler: async (request) => ({
      message: 'Reviews fetched',
      ...(await service.listReviews(app.db, request.auth?.user, request.params.id, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, facilities.createReview),
    handler: async (request, reply) => {
      const result = await service.createReview(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ message: facilityTexts.reviewSubmitted, result });
    },
  });

  app.route({
    ...endpointRoute(app, facilities.updateReview),
    handler: async (request) => ({
      message: facilityTexts.reviewUpdated,
      result: await service.updateReview(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      ),
    }),
  });

  app.route({
    // Recorded when an admin deletes someone's review.
    ...endpointRoute(app, facilities.removeReview, {
      audit: { entity: 'facility_review', adminOnly: true, before: reviewBefore },
    }),
    handler: async (request) => {
      await service.deleteReview(app.db, currentUser(request).user, request.params.id);
      return { message: facilityTexts.reviewDeleted };
    },
  });

  app.route({
    ...endpointRoute(app, facilities.markUseful),
    handler: async (request) => {
      const { added, usefulCount } = await service.markUseful(
        app.db,
        currentUser(request).user,
        request.params.id,
      );
      return {
        message: added ? facilityTexts.markedUseful : facilityTexts.alreadyUseful,
        result: { usefulCount, usefulByMe: true as const },
      };
    },
  });

  app.route({
    ...endpointRoute(app, facilities.myReviews),
    handler: async (request) => ({
      message: 'Reviews fetched',
      ...(await service.listMyReviews(app.db, currentUser(request).user, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, facilities.moderationQueue),
    handler: async (request) => ({
      message: 'Reviews fetched',
      ...(await service.listForModeration(app.db, currentUser(request).user, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, facilities.moderateReview, {
      audit: { entity: 'facility_review', before: reviewBefore },
    }),
    handler: async (request) => {
      const result = await service.moderateReview(
        deps,
        currentUser(request).user,
        request.params.id,
        request.body,
      );
      return {
        message:
          result.status === 'approved'
            ? 'The review is published and the reviewer has been told.'
            : 'The review was rejected and the reviewer has been told why.',
        result,
      };
    },
  });

  app.route({
    ...endpointRoute(app, facilities.create, { audit: { entity: 'facility' } }),
    handler: async (request, reply) => {
      const form = await readForm(request, imageLimit);
      const result = await admin.createFacility(adminDeps, form.fields, form.files.image);
      return reply.status(201).send({ message: 'Facility added', result });
    },
  });

  app.route({
    ...endpointRoute(app, facilities.update, {
      audit: { entity: 'facility', before: facilityBefore },
    }),
    handler: async (request) => {
      const form = await readForm(request, imageLimit);
      const result = await admin.updateFacility(
        adminDeps,
        request.params.id,
        form.fields,
        form.files.image,
      );
      return { message: 'Facility updated', result };
    },
  });

  app.route({
    ...endpointRoute(app, facilities.remove, {
      audit: { entity: 'facility', before: facilityBefore },
    }),
    handler: async (request) => ({
      message: 'Facility deleted',
      result: await admin.deleteFacility(adminDeps, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, facilities.payoutAccount),
    handler: async (request) => ({
      message: 'Payout account fetched',
      result: await payout.getPayoutAccount(app.db, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, facilities.setPayoutAccount, { audit: payoutAudit }),
    handler: async (request) => ({
      message: payoutAccountTexts.saved,
      result: await payout.setPayoutAccount(
        payoutDeps,
        currentUser(request).user,
        request.params.id,
        request.body,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, facilities.verifyPayoutAccount, { audit: payoutAudit }),
    handler: async (request) => ({
      message: payoutAccountTexts.verified,
      result: await payout.verifyPayoutAccount(
        payoutDeps,
        currentUser(request).user,
        request.params.id,
      ),
    }),
  });

  app.route({
    ...endpointRoute(app, facilities.removePayoutAccount, { audit: payoutAudit }),
    handler: async (request) => ({
      message: payoutAccountTexts.removed,
      result: await payout.removePayoutAccount(app.db, request.params.id),
    }),
  });
};
