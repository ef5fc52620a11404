import { brand } from '@ipatient/contracts/brand';
import { formatKobo } from '@ipatient/contracts/fees';
import {
  type EmailContent,
  escapeHtml,
  greeting,
  inlineLink,
  layout,
  noticeEmail,
  paragraph,
} from '../../plugins/mail/email-templates.ts';

export interface DonationEmailOptions {
  donorName: string;
  anonymous: boolean;
  /** Kobo charged, the provider's fee kept from it (the campaign receives the rest). */
  amountKobo: number;
  feeKobo: number;
  /** The signed link to the gift's own page (no account needed). */
  receiptUrl: string;
  reference: string;
  campaignTitle: string;
  campaignUrl: string;
  message: string | null;
  paidAt: Date;
}

/** A receipt: the amount, our reference and where the gift went, nothing the donor typed. */
function receipt(
  options: DonationEmailOptions,
  where: { line: string; receives: string; shownOn: string; linkText: string; also?: string },
): EmailContent {
  const amount = formatKobo(options.amountKobo);
  const subject = `Your donation receipt: ${amount} to ${options.campaignTitle}`;
  const thanks = `Thank you for your donation of ${amount} to "${options.campaignTitle}" on ${brand.siteName}.`;
  const when = options.paidAt.toLocaleString('en-NG', { timeZone: 'Africa/Lagos' });
  const lines = [
    `Amount: ${amount}`,
    `Payment provider's fee: ${formatKobo(options.feeKobo)}`,
    `${where.receives}: ${formatKobo(options.amountKobo - options.feeKobo)}`,
    where.line,
    `Reference: ${options.reference}`,
    `Date: ${when}`,
    `Shown on ${where.shownOn} as: ${options.anonymous ? 'Anonymous' : 'the name you gave'}`,
  ];
  const text = [
    greeting(undefined),
    '',
    thanks,
    ...(where.also ? ['', where.also] : []),
    '',
    ...lines,
    '',
    `${where.linkText}: ${options.campaignUrl}`,
    '',
    `See your gift at any time, without an account: ${options.receiptUrl}`,
    '',
    'Keep this email as your receipt.',
    '',
  ].join('\n');
  const body = [
    paragraph(escapeHtml(greeting(undefined))),
    paragraph(escapeHtml(thanks)),
    ...(where.also ? [paragraph(escapeHtml(where.also))] : []),
    paragraph(lines.map(escapeHtml).join('<br>')),
    paragraph(inlineLink(options.campaignUrl, where.linkText)),
    paragraph(inlineLink(options.receiptUrl, 'See your gift at any time, without an account')),
    paragraph(escapeHtml('Keep this email as your receipt.')),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: thanks, body }) };
}

/**
 * The donor's receipt. Anyone can give with any email address, so the receipt carries nothing
 * the donor typed (name or message): only the amount, our reference and the campaign, whose
 * title was checked by our review before it went live.
 */
export function donationReceiptEmail(options: DonationEmailOptions): EmailContent {
  return receipt(options, {
    line: `Campaign: ${options.campaignTitle}`,
    receives: 'The campaign receives',
    shownOn: 'the campaign',
    linkText: 'See the campaign',
  });
}

/**
 * The receipt of a gift to the Green-Heart fund (`campaignTitle` is the fund's name): what the
 * fund is for, and where its balance and awards are shown.
 */
export function fundReceiptEmail(options: DonationEmailOptions): EmailContent {
  return receipt(options, {
    line: 'Given to: the Green-Heart fund',
    receives: 'The fund receives',
    shownOn: "the fund's page",
    linkText: 'See the Green-Heart fund',
    also: "Each week the fund gives its weekly award to the campaign with the most Green-Hearts, up to what it holds. Its page shows what it holds and every week's award.",
  });
}

/**
 * The organiser's notification of a new gift. The donor is not verified, so their free-text
 * message is not quoted (the organiser reads it on the campaign page); their name is, having
 * passed the name rule (letters, spaces, hyphens, apostrophes, periods).
 */
export function donationReceivedEmail(
  options: DonationEmailOptions & { organiserFirstName: string },
): EmailContent {
  const amount = formatKobo(options.amountKobo);
  const received = formatKobo(options.amountKobo - options.feeKobo);
  const from = options.anonymous ? 'An anonymous donor' : options.donorName;
  const subject = `New donation: ${amount} to ${options.campaignTitle}`;
  const intro = `${from} gave ${amount} to your campaign "${options.campaignTitle}": ${received} reaches the campaign after the payment provider's fee.`;
  const messageWaiting = 'They left a message for you: read it on your campaign page.';
  return noticeEmail({
    subject,
    firstName: options.organiserFirstName,
    paragraphs: [intro, ...(options.message ? [messageWaiting] : [])],
    link: { url: options.campaignUrl, label: 'See your campaign' },
  });
}
