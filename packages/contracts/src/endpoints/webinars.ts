import { z } from 'zod';
import {
  ZWebinarRegistrationListQuery,
  ZWebinarRegistrationListResponse,
  ZWebinarRegistrationRequest,
  ZWebinarRegistrationResponse,
} from '../webinars.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Webinars'];
const ZWebinarIdParams = z.object({
  id: z.string().min(1).max(100, { error: 'Not a webinar id' }),
});

/** Registrations for the sample webinars, and the admins' list of them. */
export const webinarsEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/webinars/:id/registrations',
    access: 'viewer',
    tags,
    summary:
      "'Watch On-Demand': register for a sample webinar (one registration per email per webinar; at most 10 per hour from one network address)",
    description:
      '201 with a confirmation email queued to the registrant; 200 and nothing new when the email is already registered for the webinar; 404 for an unknown webinar.',
    params: ZWebinarIdParams,
    body: ZWebinarRegistrationRequest,
    responses: { 200: ZWebinarRegistrationResponse, 201: ZWebinarRegistrationResponse },
  }),
  registrations: defineEndpoint({
    method: 'GET',
    path: '/admin/webinar-registrations',
    access: 'admin',
    tags,
    summary: 'Admins: webinar registrations, newest first, optionally of one webinar',
    query: ZWebinarRegistrationListQuery,
    responses: { 200: ZWebinarRegistrationListResponse },
  }),
};
