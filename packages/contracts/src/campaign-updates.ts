import { z } from 'zod';
import { ZCampaignImageSize } from './campaigns.ts';
import { pageNumberParam, ZResultEnvelope } from './envelopes.ts';

/**
 * Organisers' updates on their campaign, donors' words of support (the messages given with
 * their gifts) and the organiser's thanks.
 */
export const campaignUpdateLimits = {
  bodyMax: 2000,
  /** The optional note sent with a thank-you. */
  thankNoteMax: 500,
  hideReasonMin: 5,
  hideReasonMax: 500,
  /** Updates one organiser may post in `postWindowMinutes` (all their campaigns together). */
  postsPerWindow: 5,
  postWindowMinutes: 60,
  /** How many of the newest updates and words the campaign page shows. */
  timelineMax: 20,
  /** How many gifts the organiser's page lists to thank or report. */
  manageGiftsMax: 100,
  adminPageDefault: 20,
  adminPageMax: 100,
} as const;

export const campaignUpdateTexts = {
  posted: 'Your update is on the campaign page.',
  tooMany: 'You have posted many updates in the last hour. Please try again in {wait}.',
  notOrganiser: 'Only the organiser of this campaign can do this.',
  notLive: 'Updates can be posted only on a live or completed campaign.',
  thanked: 'Your thank-you was emailed to the donor.',
  alreadyThanked: 'You have already thanked this donor.',
  reported: 'Thank you. Our team will look at this message.',
  alreadyReported: 'You have already reported this message.',
  noMessage: 'This gift has no message to report.',
  updateHidden: 'The update is hidden from the campaign page.',
  alreadyHidden: 'This is already hidden.',
  messageHidden: 'The message is hidden from the campaign page.',
  unsubscribed: 'You will get no more update emails about this campaign.',
  badToken: 'This unsubscribe link is not valid. Please use the link in the latest email.',
  giftNotFound: 'Gift not found',
  updateNotFound: 'Update not found',
} as const;

/** The text of an update: 1 to 2,000 characters once trimmed. */
const updateBody = z
  .string({ error: 'Write your update' })
  .trim()
  .min(1, { error: 'Write your update' })
  .max(campaignUpdateLimits.bodyMax, {
    error: `An update can be at most ${campaignUpdateLimits.bodyMax.toLocaleString('en-NG')} characters`,
  });

/** POST /crowdfunding/{id}/updates (multipart; the photo comes as the `image` file). */
export const ZCampaignUpdateCreateFields = z.object({ body: updateBody });
export type TCampaignUpdateCreateFields = z.infer<typeof ZCampaignUpdateCreateFields>;

/** An update as the campaign page shows it. */
export const ZCampaignUpdate = z.object({
  _id: z.string(),
  body: z.string(),
  imageSizes: z.array(ZCampaignImageSize),
  /** ISO. */
  createdAt: z.string(),
});
export type TCampaignUpdate = z.infer<typeof ZCampaignUpdate>;

/** A donor's message as the campaign page shows it (never their email). */
export const ZWordOfSupport = z.object({
  _id: z.string(),
  /** 'Anonymous' for anonymous gifts. */
  name: z.string(),
  /** Whole naira, as the campaign's list of donations shows it. */
  amount: z.number(),
  message: z.string(),
  /** ISO. */
  paidAt: z.string(),
});
export type TWordOfSupport = z.infer<typeof ZWordOfSupport>;

/** GET /crowdfunding/{id}/updates: the newest updates and words of support, with their counts. */
export const ZCampaignTimeline = z.object({
  updates: z.array(ZCampaignUpdate),
  updatesTotal: z.number(),
  words: z.array(ZWordOfSupport),
  wordsTotal: z.number(),
});
export type TCampaignTimeline = z.infer<typeof ZCampaignTimeline>;
export const ZCampaignTimelineResponse = ZResultEnvelope(ZCampaignTimeline);
export const ZCampaignUpdateResponse = ZResultEnvelope(ZCampaignUpdate);

/** An update as its organiser (or an admin) sees it: hidden ones stay, marked. */
export const ZOwnCampaignUpdate = ZCampaignUpdate.extend({
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type TOwnCampaignUpdate = z.infer<typeof ZOwnCampaignUpdate>;

/** A gift as its organiser sees it, to thank or report: never the donor's email. */
export const ZOrganiserGift = z.object({
  _id: z.string(),
  name: z.string(),
  amount: z.number(),
  message: z.string().nullable(),
  paidAt: z.string(),
  messageHidden: z.boolean(),
  messageReported: z.boolean(),
  thanked: z.boolean(),
});
export type TOrganiserGift = z.infer<typeof ZOrganiserGift>;

/** GET /crowdfunding/{id}/updates/manage: the organiser's page. */
export const ZCampaignUpdatesManage = z.object({
  campaign: z.object({ _id: z.string(), title: z.string(), status: z.string() }),
  /** Updates can be posted (the campaign is live or completed). */
  canPost: z.boolean(),
  updates: z.array(ZOwnCampaignUpdate),
  gifts: z.array(ZOrganiserGift),
});
export type TCampaignUpdatesManage = z.infer<typeof ZCampaignUpdatesManage>;
export const ZCampaignUpdatesManageResponse = ZResultEnvelope(ZCampaignUpdatesManage);

export const ZGiftParams = z.object({
  id: z.uuid({ error: 'Not a campaign id' }),
  donationId: z.uuid({ error: 'Not a gift id' }),
});

/** POST /crowdfunding/{id}/donations/{donationId}/thanks */
export const ZThankDonorRequest = z.object({
  note: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: 'The note must be text' })
      .trim()
      .max(campaignUpdateLimits.thankNoteMax, {
        error: `The note can be at most ${campaignUpdateLimits.thankNoteMax} characters`,
      })
      .optional(),
  ),
});
export type TThankDonorRequest = z.infer<typeof ZThankDonorRequest>;
export const ZGiftActionResponse = ZResultEnvelope(ZOrganiserGift);

/**
 * The token of the link in every update email: GET /updates/unsubscribe?token= says what it
 * stops, POST /updates/unsubscribe with it stops it.
 */
export const ZUnsubscribeQuery = z.object({
  token: z
    .string({ error: 'The unsubscribe link has no token' })
    .min(1, { error: 'The unsubscribe link has no token' })
    .max(1000, { error: 'The unsubscribe link is too long' }),
});
export const ZUnsubscribeRequest = ZUnsubscribeQuery;
export const ZUnsubscribeResponse = ZResultEnvelope(z.object({ campaignTitle: z.string() }));
export const ZUnsubscribeStatusResponse = ZResultEnvelope(
  z.object({
    campaignTitle: z.string(),
    /** Whether that address still gets the campaign's update emails. */
    subscribed: z.boolean(),
  }),
);

/** POST /admin/campaign-updates/{id}/hide */
export const ZHideUpdateRequest = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(campaignUpdateLimits.hideReasonMin, {
      error: `The reason must be at least ${campaignUpdateLimits.hideReasonMin} characters`,
    })
    .max(campaignUpdateLimits.hideReasonMax, {
      error: `The reason can be at most ${campaignUpdateLimits.hideReasonMax} characters`,
    }),
});
export type THideUpdateRequest = z.infer<typeof ZHideUpdateRequest>;

/** GET /admin/campaign-updates: recent updates and words, reported words first. */
export const ZAdminCampaignUpdatesQuery = z.object({
  campaignId: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.uuid({ error: 'Not a campaign id' }).optional(),
  ),
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam(
    'limit',
    campaignUpdateLimits.adminPageDefault,
    campaignUpdateLimits.adminPageMax,
  ),
});
export type TAdminCampaignUpdatesQuery = z.infer<typeof ZAdminCampaignUpdatesQuery>;

const ZCampaignRef = z.object({ _id: z.string(), title: z.string() });

export const ZAdminCampaignUpdate = ZOwnCampaignUpdate.extend({ campaign: ZCampaignRef });
export type TAdminCampaignUpdate = z.infer<typeof ZAdminCampaignUpdate>;

export const ZAdminWordOfSupport = ZWordOfSupport.extend({
  campaign: ZCampaignRef,
  hiddenAt: z.string().nullable(),
  reportedAt: z.string().nullable(),
});
export type TAdminWordOfSupport = z.infer<typeof ZAdminWordOfSupport>;

export const ZAdminCampaignUpdatesList = z.object({
  updates: z.array(ZAdminCampaignUpdate),
  updatesTotal: z.number(),
  words: z.array(ZAdminWordOfSupport),
  wordsTotal: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type TAdminCampaignUpdatesList = z.infer<typeof ZAdminCampaignUpdatesList>;
export const ZAdminCampaignUpdatesResponse = ZResultEnvelope(ZAdminCampaignUpdatesList);
export const ZAdminUpdateResponse = ZResultEnvelope(ZAdminCampaignUpdate);
export const ZAdminWordResponse = ZResultEnvelope(ZAdminWordOfSupport);
