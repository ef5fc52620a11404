import { brand } from '@ipatient/contracts/brand';
import { formatKobo, type PayoutStatus } from '@ipatient/contracts/money-rules';
import { type EmailContent, noticeEmail } from '../../plugins/mail/email-templates.ts';

/** The states the organiser is told about (the OTP step is the admins' own). */
export type ToldPayoutStatus = Exclude<PayoutStatus, 'otp' | 'cancelled'>;

export interface PayoutEmailOptions {
  organiserFirstName: string;
  amountKobo: number;
  payeeName: string;
  purpose: string;
  campaignTitle: string;
  campaignUrl: string;
  reason: string | null;
}

function told(
  status: ToldPayoutStatus,
  o: PayoutEmailOptions,
): { subject: string; lines: string[] } {
  const amount = formatKobo(o.amountKobo);
  const what = `your payout of ${amount} to ${o.payeeName} for ${o.purpose}`;
  const because = o.reason ? [`Reason: ${o.reason}`] : [];
  switch (status) {
    case 'requested':
      return {
        subject: `Payout requested: ${amount} from ${o.campaignTitle}`,
        lines: [
          `We received ${what}.`,
          'Our team checks it against the bill; a second admin then releases the transfer. We will email you at each step.',
        ],
      };
    case 'approved':
      return {
        subject: `Payout approved: ${amount} from ${o.campaignTitle}`,
        lines: [`We approved ${what}. It will be sent to the bank shortly.`],
      };
    case 'rejected':
      return {
        subject: `Payout refused: ${amount} from ${o.campaignTitle}`,
        lines: [
          `We could not approve ${what}.`,
          ...because,
          'The money is back in your campaign’s balance: you can ask again with the right bill.',
        ],
      };
    case 'processing':
      return {
        subject: `Payout sent: ${amount} from ${o.campaignTitle}`,
        lines: [`We sent ${what} to the bank. We will email you when it arrives.`],
      };
    case 'paid':
      return {
        subject: `Payout paid: ${amount} from ${o.campaignTitle}`,
        lines: [`The bank has paid ${what}.`],
      };
    case 'failed':
      return {
        subject: `Payout failed: ${amount} from ${o.campaignTitle}`,
        lines: [
          `The bank did not complete ${what}.`,
          ...because,
          'The money is back in your campaign’s balance. Our team will look into it.',
        ],
      };
    case 'reversed':
      return {
        subject: `Payout reversed: ${amount} from ${o.campaignTitle}`,
        lines: [
          `The bank reversed ${what}.`,
          ...because,
          'The money is back in your campaign’s balance. Our team will look into it.',
        ],
      };
  }
}

/** The organiser's news of a payout's new state. */
export function payoutStatusEmail(
  status: ToldPayoutStatus,
  options: PayoutEmailOptions,
): EmailContent {
  const { subject, lines } = told(status, options);
  return noticeEmail({
    subject,
    firstName: options.organiserFirstName,
    paragraphs: lines,
    link: { url: options.campaignUrl, label: 'See your campaign' },
  });
}

/** A donor who asked to be kept informed: money they gave reached the hospital. */
export function payoutPaidDonorEmail(options: {
  amountKobo: number;
  hospitalName: string;
  purpose: string;
  campaignTitle: string;
  campaignUrl: string;
}): EmailContent {
  const amount = formatKobo(options.amountKobo);
  const subject = `${amount} reached ${options.hospitalName} for "${options.campaignTitle}"`;
  const news = `${amount} was paid to ${options.hospitalName} for ${options.purpose}, from the campaign "${options.campaignTitle}" you gave to on ${brand.siteName}.`;
  const why = 'You asked to be kept informed of how the money is used.';
  return noticeEmail({
    subject,
    paragraphs: [news, why],
    link: { url: options.campaignUrl, label: 'See the campaign' },
  });
}
