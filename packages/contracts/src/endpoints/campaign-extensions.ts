import { z } from 'zod';
import { blankToUndefined } from '../accounts.ts';
import { campaignTimeLimits } from '../campaign-rules.ts';
import { ZCampaign } from '../campaigns.ts';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from '../envelopes.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Campaigns'];
const limitsOf = campaignTimeLimits;

/** The organiser's request for more time: why, and how many days (30, 60 or 90). */
export const ZExtensionRequest = z.object({
  reason: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: 'Reason must be text' })
      .trim()
      .min(1, { error: 'Tell us why the campaign needs more time' })
      .min(limitsOf.extensionReasonMin, {
        error: `Reason must be at least ${limitsOf.extensionReasonMin} characters`,
      })
      .max(limitsOf.extensionReasonMax, {
        error: `Reason must be at most ${limitsOf.extensionReasonMax} characters`,
      }),
  ),
  days: z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z
      .number({ error: `days must be one of ${limitsOf.extensionChoices.join(', ')}` })
      .refine((days) => (limitsOf.extensionChoices as readonly number[]).includes(days), {
        error: `days must be one of ${limitsOf.extensionChoices.join(', ')}`,
      }),
  ),
});
export type TExtensionRequest = z.infer<typeof ZExtensionRequest>;

/** An admin's answer: grant the days asked for, or refuse with a reason for the organiser. */
export const ZExtensionDecision = z
  .object({
    decision: z.enum(['grant', 'refuse'], { error: 'decision must be grant or refuse' }),
    reason: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Reason must be text' })
        .trim()
        .min(limitsOf.refusalReasonMin, {
          error: `Reason must be at least ${limitsOf.refusalReasonMin} characters`,
        })
        .max(limitsOf.refusalReasonMax, {
          error: `Reason must be at most ${limitsOf.refusalReasonMax} characters`,
        })
        .optional(),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'refuse' && !body.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Give the organiser a reason for the refusal',
      });
    }
  });
export type TExtensionDecision = z.infer<typeof ZExtensionDecision>;

/** What was decided, for the answer and the audit log. */
export const ZExtensionOutcome = z.object({
  _id: z.string(),
  title: z.string(),
  decision: z.enum(['granted', 'refused']),
  /** Days added now (0 when refused). */
  days: z.number(),
  extensionDays: z.number(),
  endsAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TExtensionOutcome = z.infer<typeof ZExtensionOutcome>;

export const ZExtensionRequestListQuery = z.object({
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', 20, 50),
});

const campaignId = idParams('Not a campaign id');

export const campaignExtensionsEndpoints = {
  request: defineEndpoint({
    method: 'POST',
    path: '/crowdfunding/:id/extension-request',
    access: 'member',
    tags,
    summary: 'The organiser asks for more time (30, 60 or 90 days) with a reason',
    description:
      'Allowed while the campaign is live or up to 30 days after it ended, one request at a time (409 otherwise); only its organiser (403). An admin grants or refuses it.',
    params: campaignId,
    body: ZExtensionRequest,
    responses: { 201: ZResultEnvelope(ZCampaign) },
  }),
  openRequests: defineEndpoint({
    method: 'GET',
    path: '/admin/crowdfunding/extension-requests',
    access: 'admin',
    tags,
    summary: 'Open requests for more time, oldest first',
    query: ZExtensionRequestListQuery,
    responses: { 200: ZResultsEnvelope(ZCampaign) },
  }),
  decide: defineEndpoint({
    method: 'PUT',
    path: '/admin/crowdfunding/:id/extension',
    access: 'admin',
    tags,
    summary: 'Grant (adds the days asked for) or refuse (with a reason) a request for more time',
    description:
      'The organiser is emailed either way. 409 when there is no open request, or the days would take the campaign past 365 extra days.',
    params: campaignId,
    body: ZExtensionDecision,
    responses: { 200: ZResultEnvelope(ZExtensionOutcome) },
  }),
};
