import { z } from 'zod';
import {
  ZAdvocateRequest,
  ZFacilityOnboardingRequest,
  ZFacilityResponse,
  ZOnboardingRequest,
  ZProfileUpdateRequest,
  ZUserResponse,
} from '../accounts.ts';
import { security } from '../constants.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Auth and user'];
const userId = idParams('Not a user id');
const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** `/get-single-user/:userId` names its parameter `userId`. */
export const ZUserIdParams = z.object({ userId: z.uuid({ error: 'Not a user id' }) });

/** The signed-in member's own account: who they are, their details, their profile photo. */
export const usersEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: '/get-me',
    access: 'member',
    tags,
    summary: 'The signed-in user',
    responses: { 200: ZUserResponse },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/get-single-user/:userId',
    access: 'member',
    tags,
    summary: 'A user: your own profile (admins: anyone)',
    params: ZUserIdParams,
    responses: { 200: ZUserResponse },
  }),
  completeOnboarding: defineEndpoint({
    method: 'PUT',
    path: '/update-user-onboarding',
    access: 'member',
    tags,
    summary:
      'Save any of age, gender, address, state and LGA and mark onboarding done (an empty body skips it)',
    body: ZOnboardingRequest,
    responses: { 200: ZUserResponse },
  }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/update-user-profile/:id',
    access: 'member',
    tags,
    summary: 'Update your profile (multipart: profile fields and an optional image)',
    params: userId,
    multipart: {
      // The fields one by one (the service then checks that the LGA is in the state).
      fields: ZProfileUpdateRequest.in,
      files: {
        image: `The profile photo: PNG, JPEG, WebP or GIF, at most ${megabytes(security.profileImageMaxBytes)}`,
      },
      json: true,
    },
    responses: { 200: ZUserResponse },
  }),
  setAdvocate: defineEndpoint({
    method: 'PUT',
    path: '/users/:id/advocate',
    access: 'member',
    tags,
    summary: 'Volunteer as an advocate, or stop (your own account only)',
    params: userId,
    body: ZAdvocateRequest,
    responses: { 200: ZUserResponse },
  }),
  facilityOnboarding: defineEndpoint({
    method: 'PUT',
    path: '/facility/onboarding',
    access: 'member',
    tags,
    summary: 'Facility onboarding (multipart: fields, logo, reg_doc, other_doc)',
    multipart: {
      // The fields one by one (the service then checks that the LGA is in the state).
      fields: ZFacilityOnboardingRequest.in,
      files: {
        logo: `The facility's logo: PNG, JPEG, WebP or GIF, at most ${megabytes(security.profileImageMaxBytes)}`,
        reg_doc: `The registration document (PDF, JPEG, PNG or WebP), at most ${megabytes(security.documentMaxBytes)}`,
        other_doc: `Another supporting document (PDF, JPEG, PNG or WebP), at most ${megabytes(security.documentMaxBytes)}`,
      },
      json: true,
    },
    responses: { 200: ZFacilityResponse },
  }),
};
