import { brand } from '@ipatient/contracts/brand';
import { formatNaira } from '@ipatient/contracts/format';
import {
  type EmailContent,
  escapeHtml,
  greeting,
  layout,
  paragraph,
} from '../../plugins/mail/email-templates.ts';

export interface DonationEmailOptions {
  donorName: string;
  anonymous: boolean;
  amount: number;
  reference: string;
  campaignTitle: string;
  campaignUrl: string;
  message: string | null;
  paidAt: Date;
}

const link = (url: string, text: string) =>
  `<a href="${escapeHtml(url)}" style="color:#0b7a3e">${escapeHtml(text)}</a>`;

/** The donor's receipt. */
export function donationReceiptEmail(options: DonationEmailOptions): EmailContent {
  const amount = formatNaira(options.amount);
  const subject = `Your donation receipt: ${amount} to ${options.campaignTitle}`;
  const thanks = `Thank you for your donation of ${amount} to "${options.campaignTitle}" on ${brand.siteName}.`;
  const when = options.paidAt.toLocaleString('en-NG', { timeZone: 'Africa/Lagos' });
  const lines = [
    `Amount: ${amount}`,
    `Campaign: ${options.campaignTitle}`,
    `Reference: ${options.reference}`,
    `Date: ${when}`,
    `Shown as: ${options.anonymous ? 'Anonymous' : options.donorName}`,
  ];
  const text = [
    greeting(options.anonymous ? undefined : options.donorName),
    '',
    thanks,
    '',
    ...lines,
    '',
    `See the campaign: ${options.campaignUrl}`,
    '',
    'Keep this email as your receipt.',
    '',
  ].join('\n');
  const body = [
    paragraph(escapeHtml(greeting(options.anonymous ? undefined : options.donorName))),
    paragraph(escapeHtml(thanks)),
    paragraph(lines.map(escapeHtml).join('<br>')),
    paragraph(link(options.campaignUrl, 'See the campaign')),
    paragraph(escapeHtml('Keep this email as your receipt.')),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: thanks, body }) };
}

/** The organiser's notification of a new gift. */
export function donationReceivedEmail(
  options: DonationEmailOptions & { organiserFirstName: string },
): EmailContent {
  const amount = formatNaira(options.amount);
  const from = options.anonymous ? 'An anonymous donor' : options.donorName;
  const subject = `New donation: ${amount} to ${options.campaignTitle}`;
  const intro = `${from} gave ${amount} to your campaign "${options.campaignTitle}".`;
  const text = [
    greeting(options.organiserFirstName),
    '',
    intro,
    ...(options.message ? ['', 'Their message:', options.message] : []),
    '',
    `See your campaign: ${options.campaignUrl}`,
    '',
  ].join('\n');
  const body = [
    paragraph(escapeHtml(greeting(options.organiserFirstName))),
    paragraph(escapeHtml(intro)),
    ...(options.message
      ? [
          `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #0b7a3e;background:#f4f6f8;font-size:16px;line-height:1.5;color:#1f2933">${escapeHtml(options.message).replaceAll('\n', '<br>')}</blockquote>`,
        ]
      : []),
    paragraph(link(options.campaignUrl, 'See your campaign')),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: intro, body }) };
}
