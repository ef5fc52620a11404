import { errorTexts, limits } from '@ipatient/contracts';
import { ZMessageResponse } from '@ipatient/contracts/accounts';
import { ZResultEnvelope } from '@ipatient/contracts/envelopes';
import {
  facilityTexts,
  ZAdminFacilityReviewListQuery,
  ZAdminFacilityReviewListResponse,
  ZAdminFacilityReviewResponse,
  ZFacility,
  ZFacilityDetailResponse,
  ZFacilityListQuery,
  ZFacilityListResponse,
  ZFacilityReviewListQuery,
  ZFacilityReviewListResponse,
  ZFacilityReviewRequest,
  ZFacilityReviewStatusRequest,
  ZMyFacilityReviewListQuery,
  ZMyFacilityReviewListResponse,
  ZOwnFacilityReviewResponse,
  ZReviewUsefulResponse,
} from '@ipatient/contracts/facilities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { readForm } from '../../plugins/multipart.ts';
import * as admin from './facilities.admin.ts';
import * as service from './facilities.service.ts';

const tags = ['Facilities'];
const bearer = [{ bearerAuth: [] }];
// Any text: an id that is not a uuid is answered 404 by the service, like an unknown one.
const ZIdParams = z.object({ id: z.string() });
const ZFacilityResponse = ZResultEnvelope(ZFacility);
const imageLimit = {
  image: { maxBytes: limits.imageMaxBytes, tooLarge: errorTexts.imageTooLarge },
};
const multipartBody = ['multipart/form-data', 'application/json'];
const facilityFields =
  'Fields: name, facilityType, services (comma-separated), state, lga (of that state), address, verified (true/false), and the photo `image` (PNG or JPEG, at most 850 KB; stored as WebP sizes).';

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

  app.get(
    '/facilities',
    {
      schema: {
        tags,
        summary:
          'The facility directory: search, rating, state and verified filters, best rated first',
        querystring: ZFacilityListQuery,
        response: { 200: ZFacilityListResponse },
      },
    },
    async (request) => ({
      message: 'Facilities fetched',
      ...(await service.listFacilities(app.db, request.query)),
    }),
  );

  app.get(
    '/facilities/:id',
    {
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: "One facility with its rating breakdown and the signed-in user's own review",
        params: ZIdParams,
        response: { 200: ZFacilityDetailResponse },
      },
    },
    async (request) => ({
      message: 'Facility fetched',
      result: await service.getFacility(app.db, request.auth?.user, request.params.id),
    }),
  );

  app.get(
    '/facilities/:id/reviews',
    {
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary:
          "A facility's approved reviews: most relevant, most recent, highest or lowest rated",
        params: ZIdParams,
        querystring: ZFacilityReviewListQuery,
        response: { 200: ZFacilityReviewListResponse },
      },
    },
    async (request) => ({
      message: 'Reviews fetched',
      ...(await service.listReviews(app.db, request.auth?.user, request.params.id, request.query)),
    }),
  );

  app.post(
    '/facilities/:id/reviews',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Review a facility (one review per facility; it appears once approved)',
        security: bearer,
        params: ZIdParams,
        body: ZFacilityReviewRequest,
        response: { 201: ZOwnFacilityReviewResponse },
      },
    },
    async (request, reply) => {
      const result = await service.createReview(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ message: facilityTexts.reviewSubmitted, result });
    },
  );

  app.put(
    '/facility-reviews/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Change your review: it goes back to the moderators',
        security: bearer,
        params: ZIdParams,
        body: ZFacilityReviewRequest,
        response: { 200: ZOwnFacilityReviewResponse },
      },
    },
    async (request) => ({
      message: facilityTexts.reviewUpdated,
      result: await service.updateReview(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/facility-reviews/:id',
    {
      preHandler: app.requireUser,
      // Recorded when an admin deletes someone's review.
      config: { audit: { entity: 'facility_review', adminOnly: true, before: reviewBefore } },
      schema: {
        tags,
        summary: 'Delete your review (admins: any review)',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await service.deleteReview(app.db, currentUser(request).user, request.params.id);
      return { message: facilityTexts.reviewDeleted };
    },
  );

  app.put(
    '/facility-reviews/:id/useful',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Mark someone else's approved review as useful (once; again changes nothing)",
        security: bearer,
        params: ZIdParams,
        response: { 200: ZReviewUsefulResponse },
      },
    },
    async (request) => {
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
  );

  app.get(
    '/my-facility-reviews',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in user's reviews in every status, newest first",
        security: bearer,
        querystring: ZMyFacilityReviewListQuery,
        response: { 200: ZMyFacilityReviewListResponse },
      },
    },
    async (request) => ({
      message: 'Reviews fetched',
      ...(await service.listMyReviews(app.db, currentUser(request).user, request.query)),
    }),
  );

  app.get(
    '/admin/facility-reviews',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admins: facility reviews to moderate, oldest change first, filtered by status',
        security: bearer,
        querystring: ZAdminFacilityReviewListQuery,
        response: { 200: ZAdminFacilityReviewListResponse },
      },
    },
    async (request) => ({
      message: 'Reviews fetched',
      ...(await service.listForModeration(app.db, currentUser(request).user, request.query)),
    }),
  );

  app.put(
    '/admin/facility-reviews/:id/status',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'facility_review', before: reviewBefore } },
      schema: {
        tags,
        summary:
          'Admins: approve or reject (with a reason) a facility review; the reviewer is told',
        security: bearer,
        params: ZIdParams,
        body: ZFacilityReviewStatusRequest,
        response: { 200: ZAdminFacilityReviewResponse },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/admin/facilities',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'facility' } },
      schema: {
        tags,
        summary: 'Admins: add a facility to the directory (multipart, with an optional photo)',
        description: facilityFields,
        consumes: multipartBody,
        security: bearer,
        response: { 201: ZFacilityResponse },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, imageLimit);
      const result = await admin.createFacility(adminDeps, form.fields, form.files.image);
      return reply.status(201).send({ message: 'Facility added', result });
    },
  );

  app.put(
    '/admin/facilities/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'facility', before: facilityBefore } },
      schema: {
        tags,
        summary: 'Admins: change a facility (multipart, any subset; a new photo replaces the old)',
        description: facilityFields,
        consumes: multipartBody,
        security: bearer,
        params: ZIdParams,
        response: { 200: ZFacilityResponse },
      },
    },
    async (request) => {
      const form = await readForm(request, imageLimit);
      const result = await admin.updateFacility(
        adminDeps,
        request.params.id,
        form.fields,
        form.files.image,
      );
      return { message: 'Facility updated', result };
    },
  );

  app.delete(
    '/admin/facilities/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'facility', before: facilityBefore } },
      schema: {
        tags,
        summary: 'Admins: delete a facility with its reviews and photo',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZFacilityResponse },
      },
    },
    async (request) => ({
      message: 'Facility deleted',
      result: await admin.deleteFacility(adminDeps, request.params.id),
    }),
  );
};
