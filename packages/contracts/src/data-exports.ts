import { z } from 'zod';
import { ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';
import { retention } from './retention.ts';

/** How often a member may ask for a copy of their data. */
export const dataExportLimits = {
  /** Requests counted in any 24 hours (ready, failed or pending). */
  perDay: 3,
  /** Tries at preparing one before it is marked failed. */
  maxAttempts: 5,
  /** The link and the file last this many days. */
  days: retention.dataExportDays,
} as const;

export const dataExportTexts = {
  requested:
    'We are preparing your data. We will email you a link when it is ready, usually within a few minutes.',
  pending:
    'We are still preparing your last copy. Please wait for the email before asking for a new one.',
  tooMany: `You can ask for your data at most ${dataExportLimits.perDay} times a day. Please try again tomorrow.`,
  expired: `This download link has expired (links last ${dataExportLimits.days} days). Please ask for a new copy on your account's data page.`,
  notReady: 'This copy is not ready to download.',
  contents: [
    'Your profile (everything except your password, which we only keep scrambled)',
    'The campaigns you organise, with their changes, updates, extension requests, payouts and refunds, and your documents and cover photos',
    'Donations you made and donations to your campaigns',
    'Your complaints with their status history, your hospital reviews and blog comments',
    'Your Green-Heart likes, your consents, your sign-ins (devices and dates), webinar registrations and messages you sent us',
    'Who opened your private records (the access log)',
  ],
} as const;

export const ZDataExport = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'ready', 'failed']),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Ready, not expired and its file is still kept: the link in the email works. */
  downloadable: z.boolean(),
  sizeBytes: z.number().int().nullable(),
});
export type TDataExport = z.infer<typeof ZDataExport>;

export const ZDataExportResponse = ZResultEnvelope(ZDataExport);
export const ZDataExportsResponse = ZResultsEnvelope(ZDataExport);

export const ZDataExportDownloadQuery = z.object({
  token: z
    .string({ error: 'The download link is missing its token.' })
    .min(1, { error: 'The download link is missing its token.' })
    .max(200, { error: 'The download link is not valid.' }),
});
