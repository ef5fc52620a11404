import { brand } from '@ipatient/contracts/brand';
import {
  type EmailContent,
  escapeHtml,
  greeting,
  layout,
  paragraph,
} from '../../plugins/mail/email-templates.ts';

/** Kobo as the emails write it: "₦5,000", or "₦5,000.50" when there are kobo. */
export function nairaText(kobo: number): string {
  const whole = kobo % 100 === 0;
  return `₦${(kobo / 100).toLocaleString('en-NG', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

export interface RefundEmailOptions {
  amountKobo: number;
  reference: string;
  /** null: a gift to the Green-Heart fund. */
  campaignTitle: string | null;
}

const whereGiven = (title: string | null) =>
  title === null ? `the ${brand.siteName} Green-Heart fund` : `"${title}"`;

function email(subject: string, lines: string[], firstName?: string): EmailContent {
  const text = [greeting(firstName), '', ...lines.flatMap((line) => [line, '']), ''].join('\n');
  const body = [greeting(firstName), ...lines]
    .map((line) => paragraph(escapeHtml(line)))
    .join('\n');
  return { subject, text, html: layout({ title: subject, preheader: lines[0] ?? '', body }) };
}

/**
 * The donor's notice that a refund was started. Like the receipt, it carries nothing the donor
 * typed: the amount, our reference and where the gift went.
 */
export function refundStartedEmail(options: RefundEmailOptions): EmailContent {
  const amount = nairaText(options.amountKobo);
  return email(`Your refund of ${amount} is on its way`, [
    `We have started a refund of ${amount} of your donation to ${whereGiven(options.campaignTitle)} on ${brand.siteName}.`,
    `Reference: ${options.reference}`,
    'Your bank usually shows it within a few working days; we will write again when it is done.',
  ]);
}

export function refundProcessedEmail(options: RefundEmailOptions): EmailContent {
  const amount = nairaText(options.amountKobo);
  return email(`${amount} refunded`, [
    `${amount} of your donation to ${whereGiven(options.campaignTitle)} was refunded to your card or account.`,
    `Reference: ${options.reference}`,
  ]);
}

/** The organiser's notice that money left their campaign for a donor. */
export function refundFromCampaignEmail(
  options: RefundEmailOptions & { campaignTitle: string; organiserFirstName: string },
): EmailContent {
  const amount = nairaText(options.amountKobo);
  return email(
    `A refund of ${amount} from ${options.campaignTitle}`,
    [
      `${amount} of a donation to your campaign "${options.campaignTitle}" is being refunded to the donor. It is no longer part of the money raised or available for payouts.`,
      `Donation reference: ${options.reference}`,
      `Write to ${brand.siteName} if you have questions about it.`,
    ],
    options.organiserFirstName,
  );
}
