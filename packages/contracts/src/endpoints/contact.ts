import { ZMessageResponse } from '../accounts.ts';
import { ZContactRequest } from '../contact.ts';
import { defineEndpoint } from './define.ts';

/** The public contact form. */
export const contactEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/contact-us',
    access: 'public',
    tags: ['Contact'],
    summary: "Send a message to the site's team (at most 5 per hour from one network address)",
    body: ZContactRequest,
    responses: { 200: ZMessageResponse },
  }),
};
