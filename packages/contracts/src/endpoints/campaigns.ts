import { z } from 'zod';
import { ZMessageResponse } from '../accounts.ts';
import {
  ZCampaignRevisionListQuery,
  ZCampaignRevisionListResponse,
  ZCampaignRevisionOrNullResponse,
  ZCampaignRevisionResponse,
  ZRevisionApproveRequest,
  ZRevisionRejectRequest,
  ZSubmissionKeyParams,
  ZSubmissionStatusResponse,
} from '../campaign-revisions.ts';
import {
  ZAdminCampaignListQuery,
  ZAdminCampaignResponse,
  ZCampaignCreateRequest,
  ZCampaignListQuery,
  ZCampaignListResponse,
  ZCampaignOrNullResponse,
  ZCampaignResponse,
  ZCampaignStatusRequest,
  ZCampaignUpdateRequest,
  ZOwnCampaignListResponse,
  ZWeeklyWinnersResponse,
} from '../campaigns.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Campaigns'];

/** The admin list's query: the contract's filters plus a search of title, story and place. */
export const ZAdminCampaignSearchQuery = ZAdminCampaignListQuery.extend({
  search: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: 'Search must be text' })
      .trim()
      .max(100, { error: 'Search must be at most 100 characters' })
      .optional(),
  ),
});

/** GET /crowdfunding-weekly-winners: how many weeks, newest first. */
export const ZWeeklyWinnersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(52).default(10),
});

const campaignId = idParams('Not a campaign id');
const userId = idParams('Not a user id');
const cover = { image: 'The cover photo: PNG or JPEG, at most 850 KB and 16 megapixels' };

export const campaignsEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/post-crowedFunding',
    access: 'member',
    tags,
    summary: 'Submit a campaign for review (multipart: fields and the cover `image`)',
    description:
      'The account name is resolved by the server from bankCode and accountNumber; `bank` and `accountName` sent by a client are ignored. The campaign starts awaiting review. `documentIds` (ids separated by commas) must name your own uploaded, unattached documents: at least a hospital bill and a medical report, at most 3 others; `facilityId` or `facilityName` (exactly one) names the treating hospital.',
    // The fields before the state/LGA check (a multipart document shows an object).
    multipart: { fields: ZCampaignCreateRequest.in, files: cover, json: true },
    responses: { 201: ZCampaignResponse },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/get-crowedFundings',
    access: 'viewer',
    tags,
    summary: 'Live campaigns: newest approval first (sort=recent) or most liked (sort=likes)',
    query: ZCampaignListQuery,
    responses: { 200: ZCampaignListResponse },
  }),
  weeklyWinners: defineEndpoint({
    method: 'GET',
    path: '/crowdfunding-weekly-winners',
    access: 'viewer',
    tags,
    summary: 'The campaigns that won weekly funding, newest week first',
    query: ZWeeklyWinnersQuery,
    responses: { 200: ZWeeklyWinnersResponse },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/single-crowedfunding/:id',
    access: 'viewer',
    tags,
    summary: 'One campaign: live ones for everyone, any status for its organiser and admins',
    params: campaignId,
    responses: { 200: ZCampaignResponse },
  }),
  ofUser: defineEndpoint({
    method: 'GET',
    path: '/active-crowdfunding/:id',
    access: 'member',
    tags,
    summary: "A user's current campaign (yourself, or anyone for an admin); null if none",
    params: userId,
    responses: { 200: ZCampaignOrNullResponse },
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/my-crowdfundings',
    access: 'member',
    tags,
    summary: 'Every campaign of the signed-in user, newest first, as their Campaign tab shows it',
    description:
      'A summary of each campaign: its status, money, likes, end and any request for more time or edit awaiting review, without the story, bank details or supporters (GET /single-crowedfunding/{id} gives the whole campaign).',
    responses: { 200: ZOwnCampaignListResponse },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/update-crowedFunding/:id',
    access: 'member',
    tags,
    summary: 'Change your campaign (multipart, every field optional)',
    description:
      '`documentIds` adds more of your uploaded documents; `facilityId` or `facilityName` changes the hospital. On a live campaign, a change of the story, title, goal, duration, beneficiary, hospital, bank account or cover is kept as its pending change (GET /crowdfunding/{id}/pending-change) and shows once an admin approves it: the campaign stays live with its approved version meanwhile, and a new bank account holds payouts until then. Category, state, LGA and address change at once. A campaign awaiting review changes directly (a new bank account clears its verification); a rejected campaign goes back to review on any change. The cover is a PNG or JPEG of at most 16 megapixels; a user may upload 10 cover photos an hour, new campaigns and changes together (429 after that).',
    params: campaignId,
    multipart: { fields: ZCampaignUpdateRequest.in, files: cover, json: true },
    responses: { 200: ZCampaignResponse },
  }),
  submissionStatus: defineEndpoint({
    method: 'GET',
    path: '/crowdfunding-submissions/:key',
    access: 'member',
    tags,
    summary:
      "Whether you already submitted the wizard's draft with this key (a draft left open after its submission is then forgotten)",
    params: ZSubmissionKeyParams,
    responses: { 200: ZSubmissionStatusResponse },
  }),
  pendingChange: defineEndpoint({
    method: 'GET',
    path: '/crowdfunding/:id/pending-change',
    access: 'member',
    tags,
    summary:
      "A live campaign's change waiting for review (its organiser or an admin); null if none",
    params: campaignId,
    responses: { 200: ZCampaignRevisionOrNullResponse },
  }),
  withdrawChange: defineEndpoint({
    method: 'DELETE',
    path: '/crowdfunding/:id/pending-change',
    access: 'member',
    tags,
    summary: 'Withdraw your change waiting for review (the approved version stays)',
    params: campaignId,
    responses: { 200: ZMessageResponse },
  }),
  /** The organiser's own act: admins take a campaign down through `moderate` instead. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/soft-delete-crowedFunding/:id',
    access: 'member',
    tags,
    summary: 'Delete your campaign (it disappears everywhere)',
    params: campaignId,
    responses: { 200: ZMessageResponse },
  }),
  like: defineEndpoint({
    method: 'PUT',
    path: '/like-crowdfunding/:id',
    access: 'member',
    tags,
    summary: 'Give a live campaign your Green-Heart (once; a second like changes nothing)',
    params: campaignId,
    responses: { 200: ZCampaignResponse },
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: '/admin/crowdfunding',
    access: 'admin',
    tags,
    summary:
      'Admins: every campaign, oldest submission first, filtered by status and searched by words',
    query: ZAdminCampaignSearchQuery,
    responses: { 200: ZCampaignListResponse },
  }),
  adminGet: defineEndpoint({
    method: 'GET',
    path: '/admin/crowdfunding/:id',
    access: 'admin',
    tags,
    summary:
      'Admins: one campaign with its review: documents (signed links), facility, account-name check and the recorded verification',
    params: campaignId,
    responses: { 200: ZAdminCampaignResponse },
  }),
  adminChanges: defineEndpoint({
    method: 'GET',
    path: '/admin/crowdfunding-changes',
    access: 'admin',
    tags,
    summary: "Admins: live campaigns' changes waiting for review, oldest first, with their diff",
    query: ZCampaignRevisionListQuery,
    responses: { 200: ZCampaignRevisionListResponse },
  }),
  approveChange: defineEndpoint({
    method: 'PUT',
    path: '/admin/crowdfunding/:id/pending-change/approve',
    access: 'admin',
    tags,
    summary: "Admins: approve a live campaign's pending change (it shows at once)",
    description:
      "`expectedSubmittedAt` is the change's `submittedAt` as the admin reviewed it (409 when the organiser saved it again since). A change of bank account also needs the verification `checklist`, recorded with the new account's name; payouts resume once it is approved.",
    params: campaignId,
    body: ZRevisionApproveRequest,
    responses: { 200: ZCampaignRevisionResponse },
  }),
  rejectChange: defineEndpoint({
    method: 'PUT',
    path: '/admin/crowdfunding/:id/pending-change/reject',
    access: 'admin',
    tags,
    summary:
      "Admins: reject a live campaign's pending change with a reason (the approved version stays)",
    params: campaignId,
    body: ZRevisionRejectRequest,
    responses: { 200: ZCampaignRevisionResponse },
  }),
  moderate: defineEndpoint({
    method: 'PUT',
    path: '/admin/crowdfunding/:id/status',
    access: 'admin',
    tags,
    summary: 'Admins: approve (active), reject (with a reason) or complete a campaign',
    description:
      "`expectedUpdatedAt` is the campaign's `updatedAt` as the admin reviewed it; when the campaign changed since, the answer is 409 and nothing changes. Required to approve; checked when sent for the other moves. Approving also needs the `checklist` (every item; each missing one is named in the 400 answer) and a campaign with a hospital bill and a medical report; it records the check and marks the bank account's name as verified.",
    params: campaignId,
    body: ZCampaignStatusRequest,
    responses: { 200: ZCampaignResponse },
  }),
};
