import {
  ZAdvocateRequest,
  ZFacilityResponse,
  ZOnboardingRequest,
  ZUserResponse,
} from '@ipatient/contracts/accounts';
import { security } from '@ipatient/contracts/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentUser } from '../../lib/present-user.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { readForm } from '../../plugins/multipart.ts';
import * as service from './users.service.ts';

const tags = ['Auth and user'];
const security_ = [{ bearerAuth: [] }];
const ZUserIdParams = z.object({ userId: z.uuid({ error: 'Not a user id' }) });
const ZIdParams = z.object({ id: z.uuid({ error: 'Not a user id' }) });

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.UsersDeps = { db: app.db, storage: app.storage };

  app.get(
    '/get-me',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: security_,
        response: { 200: ZUserResponse },
      },
    },
    async (request) => ({
      message: 'User fetched',
      result: presentUser(currentUser(request).user),
    }),
  );

  app.get(
    '/get-single-user/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A user: your own profile (admins: anyone)',
        security: security_,
        params: ZUserIdParams,
        response: { 200: ZUserResponse },
      },
    },
    async (request) => ({
      message: 'User fetched',
      result: await service.getSingleUser(app.db, currentUser(request).user, request.params.userId),
    }),
  );

  app.put(
    '/update-user-onboarding',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'Save any of age, gender, address, state and LGA and mark onboarding done (an empty body skips it)',
        security: security_,
        body: ZOnboardingRequest,
        response: { 200: ZUserResponse },
      },
    },
    async (request) => ({
      message: 'Your details have been saved',
      result: await service.updateOnboarding(app.db, currentUser(request).user, request.body),
    }),
  );

  app.put(
    '/update-user-profile/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Update your profile (multipart: profile fields and an optional image)',
        consumes: ['multipart/form-data', 'application/json'],
        security: security_,
        params: ZIdParams,
        response: { 200: ZUserResponse },
      },
    },
    async (request) => {
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
  );

  app.put(
    '/users/:id/advocate',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Volunteer as an advocate, or stop (your own account only)',
        security: security_,
        params: ZIdParams,
        body: ZAdvocateRequest,
        response: { 200: ZUserResponse },
      },
    },
    async (request) => {
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
  );

  app.put(
    '/facility/onboarding',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Facility onboarding (multipart: fields, logo, reg_doc, other_doc)',
        consumes: ['multipart/form-data', 'application/json'],
        security: security_,
        response: { 200: ZFacilityResponse },
      },
    },
    async (request) => {
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
  );
};
