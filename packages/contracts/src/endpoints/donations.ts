import { ZMessageResponse } from '../accounts.ts';
import {
  donationLimits,
  ZDonationInitializeRequest,
  ZDonationInitializeResponse,
  ZDonationListQuery,
  ZDonationListResponse,
  ZDonationReferenceParams,
  ZDonationVerificationResponse,
  ZSandboxCheckoutResponse,
  ZSandboxCompleteRequest,
  ZSandboxCompleteResponse,
} from '../donations.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Donations'];

export const donationsEndpoints = {
  initialize: defineEndpoint({
    method: 'POST',
    path: '/donations/initialize',
    access: 'viewer',
    tags,
    summary: `Start a donation to a live campaign (at most ${donationLimits.initializationsPerAddress} per network address per ${donationLimits.initializationWindowMinutes} minutes)`,
    description:
      'Writes a pending donation and answers where to send the donor: Paystack’s checkout, or the sandbox checkout on a site whose payments are the sandbox. The signed-in member, if any, is recorded.',
    body: ZDonationInitializeRequest,
    responses: { 201: ZDonationInitializeResponse },
  }),
  verify: defineEndpoint({
    method: 'GET',
    path: '/donations/verify/:reference',
    access: 'public',
    tags,
    summary: 'The state of a donation (asks the provider while it is pending)',
    params: ZDonationReferenceParams,
    responses: { 200: ZDonationVerificationResponse },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/crowdfunding/:id/donations',
    access: 'viewer',
    tags,
    summary: 'The counted donations of a campaign, newest first',
    params: idParams('Not a campaign id'),
    query: ZDonationListQuery,
    responses: { 200: ZDonationListResponse },
  }),
  /** Registered only on a site whose payments are the sandbox (404 everywhere else). */
  sandboxCheckout: defineEndpoint({
    method: 'GET',
    path: '/donations/sandbox/:reference',
    access: 'public',
    tags,
    summary: 'The sandbox checkout of a donation (only when payments are the sandbox)',
    params: ZDonationReferenceParams,
    responses: { 200: ZSandboxCheckoutResponse },
  }),
  /** Registered only on a site whose payments are the sandbox (404 everywhere else). */
  sandboxComplete: defineEndpoint({
    method: 'POST',
    path: '/donations/sandbox/:reference/complete',
    access: 'public',
    tags,
    summary:
      'The sandbox checkout’s Pay or Fail button: delivers the signed webhook and answers the return page’s address',
    params: ZDonationReferenceParams,
    body: ZSandboxCompleteRequest,
    responses: { 200: ZSandboxCompleteResponse },
  }),
  /** The body is read raw (its signature is over the exact bytes), so it has no schema here. */
  webhook: defineEndpoint({
    method: 'POST',
    path: '/donations/webhook',
    access: 'public',
    tags,
    summary: 'Payment provider webhook (x-paystack-signature: HMAC-SHA512 of the raw body)',
    responses: { 200: ZMessageResponse },
  }),
};
