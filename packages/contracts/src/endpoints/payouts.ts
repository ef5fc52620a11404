import {
  ZCampaignPayoutsResponse,
  ZPayoutFinalizeRequest,
  ZPayoutListQuery,
  ZPayoutListResponse,
  ZPayoutRejectRequest,
  ZPayoutRequest,
  ZPayoutResponse,
  ZPayoutSandboxSettleRequest,
} from '../payouts.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Payouts'];
const campaignId = idParams('Not a campaign id');
const payoutId = idParams('Not a payout id');

/**
 * Payouts with two keys (docs/product.md#payouts): the organiser requests one against a bill,
 * an admin approves it, a different admin releases the transfer.
 */
export const payoutsEndpoints = {
  request: defineEndpoint({
    method: 'POST',
    path: '/crowdfunding/:id/payouts',
    access: 'member',
    tags,
    summary: 'Request a payout from the campaign’s available money (its organiser only)',
    description:
      'amount (naira, at most what is available), purpose, billDocumentId (a document attached to the campaign) and payee: `hospital` (the facility’s verified payout account) or `beneficiary` (the campaign’s verified bank account; refused above the hospital-only limit). Without payee: the hospital when it can be paid, else the beneficiary. The amount is held at once, so two requests never spend the same money.',
    params: campaignId,
    body: ZPayoutRequest,
    responses: { 201: ZPayoutResponse },
  }),
  listForCampaign: defineEndpoint({
    method: 'GET',
    path: '/crowdfunding/:id/payouts',
    access: 'member',
    tags,
    summary: 'A campaign’s payouts, its balance and who can be paid (its organiser and admins)',
    params: campaignId,
    responses: { 200: ZCampaignPayoutsResponse },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/payouts/:id/cancel',
    access: 'member',
    tags,
    summary: 'Cancel a payout still waiting for approval (its organiser only): the money returns',
    params: payoutId,
    responses: { 200: ZPayoutResponse },
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: '/admin/crowdfunding-payouts',
    access: 'admin',
    tags,
    summary: 'Payouts, newest request first, by status and campaign',
    query: ZPayoutListQuery,
    responses: { 200: ZPayoutListResponse },
  }),
  adminGet: defineEndpoint({
    method: 'GET',
    path: '/admin/crowdfunding-payouts/:id',
    access: 'admin',
    tags,
    summary: 'One payout with its payee’s full bank details',
    params: payoutId,
    responses: { 200: ZPayoutResponse },
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/admin/crowdfunding-payouts/:id/approve',
    access: 'admin',
    tags,
    summary: 'Approve a requested payout (not your own request, nor your own campaign’s)',
    params: payoutId,
    responses: { 200: ZPayoutResponse },
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/admin/crowdfunding-payouts/:id/reject',
    access: 'admin',
    tags,
    summary: 'Refuse a requested or approved payout, with the reason: the money returns',
    params: payoutId,
    body: ZPayoutRejectRequest,
    responses: { 200: ZPayoutResponse },
  }),
  release: defineEndpoint({
    method: 'POST',
    path: '/admin/crowdfunding-payouts/:id/release',
    access: 'admin',
    tags,
    summary: 'Release an approved payout: starts the transfer (not by its approver or requester)',
    description:
      '200 with the transfer’s state (otp: enter the code with finalize; processing; paid; failed). 202 when the provider did not answer: the payout stays processing and the bank’s answer follows.',
    params: payoutId,
    responses: { 200: ZPayoutResponse, 202: ZPayoutResponse },
  }),
  finalize: defineEndpoint({
    method: 'POST',
    path: '/admin/crowdfunding-payouts/:id/finalize',
    access: 'admin',
    tags,
    summary: 'Enter the transfer code (OTP) of a released payout',
    params: payoutId,
    body: ZPayoutFinalizeRequest,
    responses: { 200: ZPayoutResponse },
  }),
  /** Registered only on a site whose payments are the sandbox (404 everywhere else). */
  sandboxSettle: defineEndpoint({
    method: 'POST',
    path: '/admin/crowdfunding-payouts/:id/sandbox-settle',
    access: 'admin',
    tags,
    summary: 'The sandbox bank settles a transfer (only when payments are the sandbox)',
    params: payoutId,
    body: ZPayoutSandboxSettleRequest,
    responses: { 200: ZPayoutResponse },
    hidden: true,
  }),
};
