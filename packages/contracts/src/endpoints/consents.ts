import {
  ZCookieConsentRequest,
  ZEmailUnsubscribeRequest,
  ZEmailUnsubscribeResponse,
  ZMarketingEmailsRequest,
  ZMyConsentsResponse,
} from '../consents.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Consents'];

/**
 * What the signed-in member agreed to and when (terms, privacy notice, marketing emails, texts,
 * cookies), changing their opt-ins, and the one-click unsubscribe of marketing emails.
 */
export const consentsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/me/consents',
    access: 'member',
    tags,
    summary: 'Your consents now (each kind with its version and date) and their history',
    description: 'The history lists every consent given or withdrawn, newest first.',
    responses: { 200: ZMyConsentsResponse },
  }),
  acceptCurrent: defineEndpoint({
    method: 'POST',
    path: '/me/consents/accept-current',
    access: 'member',
    tags,
    summary: 'Accept the current terms and privacy notice',
    description: 'Records both versions in force now, with the date.',
    responses: { 200: ZMyConsentsResponse },
  }),
  setMarketingEmails: defineEndpoint({
    method: 'PUT',
    path: '/me/consents/marketing-emails',
    access: 'member',
    tags,
    summary: 'Turn news and health tips by email on or off',
    description: 'Each change is recorded as a consent and takes effect at once.',
    body: ZMarketingEmailsRequest,
    responses: { 200: ZMyConsentsResponse },
  }),
  setCookies: defineEndpoint({
    method: 'PUT',
    path: '/me/consents/cookies',
    access: 'member',
    tags,
    summary: 'Record the cookie choice a signed-in member saved',
    description:
      'The choice is `all`, `necessary`, or the allowed optional categories joined by `+` (e.g. `functional+analytics`). Recorded only when it differs from the last one.',
    body: ZCookieConsentRequest,
    responses: { 200: ZMyConsentsResponse },
  }),
  unsubscribeStatus: defineEndpoint({
    method: 'GET',
    path: '/emails/unsubscribe',
    access: 'public',
    tags,
    summary: 'Whether the member of an unsubscribe link still gets news and health tips by email',
    description:
      'Changes nothing: mail scanners open every link of an email. The token names the member and is signed by the server.',
    query: ZEmailUnsubscribeRequest,
    responses: { 200: ZEmailUnsubscribeResponse },
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/emails/unsubscribe',
    access: 'public',
    tags,
    summary: 'Stop news and health tips by email (the unsubscribe link’s button)',
    description:
      'No sign-in: the signed token is the proof. Recorded as a withdrawn consent. Idempotent. Also takes the one-click POST of mail apps (List-Unsubscribe-Post).',
    body: ZEmailUnsubscribeRequest,
    responses: { 200: ZEmailUnsubscribeResponse },
  }),
};
