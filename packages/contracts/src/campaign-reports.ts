import { z } from 'zod';
import { blankToUndefined, ZEmail } from './accounts.ts';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';

/** Why a visitor reports a campaign: the short list the report form offers, in its order. */
export const reportReasons = [
  'scam',
  'false-story',
  'not-medical',
  'private-details',
  'offensive',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  scam: 'It may be a scam or fraud',
  'false-story': 'The story or amount seems false',
  'not-medical': 'It is not for medical care',
  'private-details': 'It shares someone’s private details without consent',
  offensive: 'Offensive or inappropriate content',
  other: 'Something else',
};

export const reportStatuses = ['open', 'upheld', 'dismissed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const reportStatusLabels: Record<ReportStatus, string> = {
  open: 'Open',
  upheld: 'Upheld',
  dismissed: 'Dismissed',
};

/** The two ways an admin closes a report. */
export const reportDecisions = ['upheld', 'dismissed'] as const;
export type ReportDecision = (typeof reportDecisions)[number];

export const reportLimits = {
  detailsMin: 20,
  detailsMax: 2000,
  outcomeMin: 10,
  outcomeMax: 2000,
  /** Reports from one network address per hour, whatever the campaign. */
  perAddressPerHour: 5,
  /** Reports of one campaign from one network address per day. */
  perCampaignPerAddressPerDay: 1,
  /** Reports of one campaign from everyone per day; beyond it our team already knows. */
  perCampaignPerDay: 30,
} as const;

/** The reason a report holds a campaign's payouts (the payouts code refuses while it is set). */
export const reportHoldReason = 'A report is under review';

export const reportTexts = {
  received: 'Thank you for your report. Our team will look into it.',
  held: 'Payouts from this campaign are held while the report is reviewed.',
  alreadyHeld: 'Payouts from this campaign were already held.',
  released: 'Payouts from this campaign are no longer held.',
  notHeld: 'Payouts from this campaign were not held.',
  upheld: 'The report is closed as upheld.',
  dismissed: 'The report is closed as dismissed.',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** A written text: line ends made \n, control characters dropped, trimmed, then measured. */
function writtenText(label: string, min: number, max: number) {
  return z
    .string({ error: `${label} is required` })
    .transform((value) => value.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim())
    .pipe(
      z
        .string()
        .min(min, { error: `${label} must be at least ${min} characters` })
        .max(max, { error: `${label} must be at most ${max.toLocaleString('en-NG')} characters` }),
    );
}

/** POST /crowdfunding/{id}/reports: a visitor's report (no account needed). */
export const ZCampaignReportRequest = z.object({
  reason: z.enum(reportReasons, { error: 'Choose why you are reporting this campaign' }),
  details: writtenText('Details', reportLimits.detailsMin, reportLimits.detailsMax),
  /** Where to hear the outcome; blank is none. */
  email: z.preprocess(blankToUndefined, ZEmail.optional()),
});
export type TCampaignReportRequest = z.infer<typeof ZCampaignReportRequest>;

/** GET /crowdfunding/{id}/reports/form: the campaign as the report form names it. */
export const ZReportableCampaign = z.object({
  _id: z.string(),
  title: z.string(),
  fundraisingFor: z.string(),
});
export const ZReportableCampaignResponse = ZResultEnvelope(ZReportableCampaign);

/** One report as the admins' queue shows it. */
export const ZCampaignReport = z.object({
  _id: z.string(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  status: z.enum(reportStatuses),
  reason: z.enum(reportReasons),
  reasonLabel: z.string(),
  details: z.string(),
  reporterEmail: z.string().nullable(),
  /** The member who reported, when they were signed in. */
  reporterUserId: z.string().nullable(),
  outcome: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Reports of the same campaign, this one included, and how many of them are open. */
  campaignReports: z.number(),
  campaignOpenReports: z.number(),
});
export type TCampaignReport = z.infer<typeof ZCampaignReport>;

/** One report with its campaign's payout hold and the campaign's other reports. */
export const ZCampaignReportDetail = ZCampaignReport.extend({
  campaign: z.object({
    _id: z.string(),
    title: z.string(),
    fundraisingFor: z.string(),
    status: z.string(),
    payoutsFrozenAt: z.string().nullable(),
    payoutsFrozenReason: z.string().nullable(),
  }),
  otherReports: z.array(ZCampaignReport.omit({ campaignReports: true, campaignOpenReports: true })),
});
export type TCampaignReportDetail = z.infer<typeof ZCampaignReportDetail>;

export const ZCampaignReportListQuery = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(reportStatuses, { error: 'Not a report status' }).optional(),
  ),
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', 20, 100),
});
export type TCampaignReportListQuery = z.infer<typeof ZCampaignReportListQuery>;

export const ZCampaignReportListResponse = ZResultsEnvelope(ZCampaignReport);
export const ZCampaignReportResponse = ZResultEnvelope(ZCampaignReportDetail);

/** Closing a report: upheld or dismissed, with the outcome emailed to the reporter. */
export const ZCampaignReportCloseRequest = z.object({
  decision: z.enum(reportDecisions, { error: 'Choose upheld or dismissed' }),
  outcome: writtenText('Outcome', reportLimits.outcomeMin, reportLimits.outcomeMax),
});
export type TCampaignReportCloseRequest = z.infer<typeof ZCampaignReportCloseRequest>;
