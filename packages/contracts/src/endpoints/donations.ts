import { ZMessageResponse } from '../accounts.ts';
import {
  donationLimits,
  ZDonationInitializeRequest,
  ZDonationInitializeResponse,
  ZDonationListQuery,
  ZDonationListResponse,
  ZDonationReceiptQuery,
  ZDonationReceiptResponse,
  ZDonationReferenceParams,
  ZDonationVerificationResponse,
  ZFundAwardRequest,
  ZFundAwardResponse,
  ZGreenHeartFundResponse,
  ZMyDonationsQuery,
  ZMyDonationsResponse,
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
    summary: `Start a donation to a live campaign or to the Green-Heart fund (at most ${donationLimits.initializationsPerAddress} per network address per ${donationLimits.initializationWindowMinutes} minutes)`,
    description:
      'Writes a pending donation and answers where to send the donor: Paystack’s checkout (card, bank transfer, USSD or bank), or the sandbox checkout on a site whose payments are the sandbox. Give `campaignId` for a campaign or `fund: true` for the Green-Heart fund (exactly one). The provider’s fee is kept from the charge; with `coverFee` the charge is raised so the campaign receives the whole `amount`. A `total` that differs from the server’s is refused (400). A campaign that has ended is refused (409). The signed-in member, if any, is recorded.',
    body: ZDonationInitializeRequest,
    responses: { 201: ZDonationInitializeResponse },
  }),
  verify: defineEndpoint({
    method: 'GET',
    path: '/donations/verify/:reference',
    access: 'public',
    tags,
    summary: 'The state of a donation (asks the provider while it is pending)',
    description:
      'Gives the amount charged, the provider’s fee, what the campaign receives and how the donor paid (the provider’s channel).',
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
  mine: defineEndpoint({
    method: 'GET',
    path: '/donations/mine',
    access: 'member',
    tags,
    summary: 'The signed-in member’s own donations, newest first, with their receipt links',
    query: ZMyDonationsQuery,
    responses: { 200: ZMyDonationsResponse },
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: '/donations/receipt',
    access: 'public',
    tags,
    summary:
      'A donation seen through the signed link in its receipt email (404 for any other signature)',
    query: ZDonationReceiptQuery,
    responses: { 200: ZDonationReceiptResponse },
  }),
  fund: defineEndpoint({
    method: 'GET',
    path: '/donations/fund',
    access: 'public',
    tags,
    summary:
      'The Green-Heart fund: what it holds, what it received and awarded, the weekly award and the recent weeks’ awards',
    responses: { 200: ZGreenHeartFundResponse },
  }),
  fundDonations: defineEndpoint({
    method: 'GET',
    path: '/donations/fund/gifts',
    access: 'public',
    tags,
    summary: 'The counted donations to the Green-Heart fund, newest first',
    query: ZDonationListQuery,
    responses: { 200: ZDonationListResponse },
  }),
  setFundAward: defineEndpoint({
    method: 'PUT',
    path: '/admin/green-heart-fund/award',
    access: 'admin',
    tags,
    summary:
      'Set the weekly award each week’s winner receives from the Green-Heart fund (whole naira, 0: no award)',
    description:
      'The award is paid once per week to the campaign with the most Green-Hearts that week, up to what the fund holds.',
    body: ZFundAwardRequest,
    responses: { 200: ZFundAwardResponse },
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
