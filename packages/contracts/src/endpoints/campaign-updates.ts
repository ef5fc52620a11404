import {
  campaignUpdateLimits,
  ZAdminCampaignUpdatesQuery,
  ZAdminCampaignUpdatesResponse,
  ZAdminUpdateResponse,
  ZAdminWordResponse,
  ZCampaignTimelineResponse,
  ZCampaignUpdateCreateFields,
  ZCampaignUpdateResponse,
  ZCampaignUpdatesManageResponse,
  ZGiftActionResponse,
  ZGiftParams,
  ZHideUpdateRequest,
  ZThankDonorRequest,
  ZUnsubscribeQuery,
  ZUnsubscribeRequest,
  ZUnsubscribeResponse,
  ZUnsubscribeStatusResponse,
} from '../campaign-updates.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Campaign updates'];
const campaignId = idParams('Not a campaign id');

/** Organisers' updates, words of support and thanks. */
export const campaignUpdatesEndpoints = {
  timeline: defineEndpoint({
    method: 'GET',
    path: '/crowdfunding/:id/updates',
    access: 'viewer',
    tags,
    summary: `The campaign page's timeline: the newest ${campaignUpdateLimits.timelineMax} updates and words of support, with their counts`,
    description:
      'Hidden updates and hidden messages are left out, as are gifts that were refunded in full. Donors are named as they chose (or "Anonymous"); their emails are never shown.',
    params: campaignId,
    responses: { 200: ZCampaignTimelineResponse },
  }),
  manage: defineEndpoint({
    method: 'GET',
    path: '/crowdfunding/:id/updates/manage',
    access: 'member',
    tags,
    summary:
      'The organiser’s page: every update (hidden ones marked) and the gifts to thank or report',
    description:
      'Only the organiser (or an admin) of the campaign; donors’ emails are never shown.',
    params: campaignId,
    responses: { 200: ZCampaignUpdatesManageResponse },
  }),
  post: defineEndpoint({
    method: 'POST',
    path: '/crowdfunding/:id/updates',
    access: 'member',
    tags,
    summary: `Post an update on your live or completed campaign (multipart: \`body\` and an optional photo \`image\`; at most ${campaignUpdateLimits.postsPerWindow} an hour)`,
    description:
      'Shown on the campaign page at once and emailed to the donors who asked to be kept informed, each email with its own unsubscribe link. Only the organiser may post (403 otherwise).',
    params: campaignId,
    multipart: {
      fields: ZCampaignUpdateCreateFields,
      files: { image: 'An optional photo: PNG or JPEG, as campaign covers' },
      json: true,
    },
    responses: { 201: ZCampaignUpdateResponse },
  }),
  thank: defineEndpoint({
    method: 'POST',
    path: '/crowdfunding/:id/donations/:donationId/thanks',
    access: 'member',
    tags,
    summary: 'Thank a donor by email, once per gift, with an optional short note',
    description:
      'Only the organiser. The donor is emailed; their address is never shown to the organiser. A second thank-you for the same gift is refused (409).',
    params: ZGiftParams,
    body: ZThankDonorRequest,
    responses: { 200: ZGiftActionResponse },
  }),
  report: defineEndpoint({
    method: 'POST',
    path: '/crowdfunding/:id/donations/:donationId/report',
    access: 'member',
    tags,
    summary: 'Report a word of support to the admins (the organiser only)',
    params: ZGiftParams,
    responses: { 200: ZGiftActionResponse },
  }),
  unsubscribeStatus: defineEndpoint({
    method: 'GET',
    path: '/updates/unsubscribe',
    access: 'public',
    tags,
    summary: 'What the unsubscribe link of an update email stops, and whether it already has',
    description:
      'Changes nothing: mail scanners open every link of an email, so following the link only asks. The token names the campaign and the address and is signed by the server.',
    query: ZUnsubscribeQuery,
    responses: { 200: ZUnsubscribeStatusResponse },
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/updates/unsubscribe',
    access: 'public',
    tags,
    summary: 'Stop a campaign’s update emails to one address (the unsubscribe link’s button)',
    description:
      'No account: the signed token is the proof. Every gift of that address to that campaign stops asking for updates at once. Idempotent. The page of the link also takes the one-click POST of mail apps (List-Unsubscribe-Post).',
    body: ZUnsubscribeRequest,
    responses: { 200: ZUnsubscribeResponse },
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: '/admin/crowdfunding-updates',
    access: 'admin',
    tags,
    summary: 'Recent updates and words of support to moderate, reported words first',
    query: ZAdminCampaignUpdatesQuery,
    responses: { 200: ZAdminCampaignUpdatesResponse },
  }),
  hide: defineEndpoint({
    method: 'POST',
    path: '/admin/crowdfunding-updates/:id/hide',
    access: 'admin',
    tags,
    summary: 'Hide an update from the campaign page, with a reason its organiser sees',
    params: idParams('Not an update id'),
    body: ZHideUpdateRequest,
    responses: { 200: ZAdminUpdateResponse },
  }),
  hideMessage: defineEndpoint({
    method: 'POST',
    path: '/admin/donations/:id/hide-message',
    access: 'admin',
    tags,
    summary: 'Hide a word of support (the gift’s message) from every public page',
    params: idParams('Not a gift id'),
    responses: { 200: ZAdminWordResponse },
  }),
};
