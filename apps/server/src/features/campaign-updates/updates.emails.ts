import { brand } from '@ipatient/contracts/brand';
import { formatNaira } from '@ipatient/contracts/format';
import {
  type EmailContent,
  escapeHtml,
  greeting,
  inlineLink,
  layout,
  paragraph,
} from '../../plugins/mail/email-templates.ts';

/** Several lines of someone's text, kept as they wrote it (escaped, line breaks kept). */
const quoted = (text: string) => paragraph(escapeHtml(text).replace(/\r?\n/g, '<br>'));

export interface UpdateEmailOptions {
  campaignTitle: string;
  organiserName: string;
  body: string;
  campaignUrl: string;
  unsubscribeUrl: string;
}

/**
 * An organiser's update to a donor who asked to be kept informed. It always ends with the link
 * that stops these emails at once (one click, no account).
 */
export function campaignUpdateEmail(options: UpdateEmailOptions): EmailContent {
  const subject = `Update on "${options.campaignTitle}"`;
  const intro = `${options.organiserName} posted an update on "${options.campaignTitle}", a campaign you gave to on ${brand.siteName}.`;
  const why = 'You get this email because you asked to be kept updated when you gave.';
  const stop = 'Stop emails about this campaign';
  const text = [
    greeting(undefined),
    '',
    intro,
    '',
    options.body,
    '',
    `See the campaign: ${options.campaignUrl}`,
    '',
    why,
    `${stop}: ${options.unsubscribeUrl}`,
    '',
  ].join('\n');
  const body = [
    paragraph(escapeHtml(greeting(undefined))),
    paragraph(escapeHtml(intro)),
    quoted(options.body),
    paragraph(inlineLink(options.campaignUrl, 'See the campaign')),
    paragraph(`${escapeHtml(why)} ${inlineLink(options.unsubscribeUrl, stop)}.`),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: intro, body }) };
}

export interface ThanksEmailOptions {
  campaignTitle: string;
  organiserName: string;
  amount: number;
  note: string | undefined;
  campaignUrl: string;
}

/** The organiser's thank-you for one gift, with their short note when they wrote one. */
export function thanksEmail(options: ThanksEmailOptions): EmailContent {
  const subject = `Thank you from "${options.campaignTitle}"`;
  const intro = `${options.organiserName}, who runs "${options.campaignTitle}" on ${brand.siteName}, thanks you for your gift of ${formatNaira(options.amount)}.`;
  const noteIntro = 'They wrote:';
  const text = [
    greeting(undefined),
    '',
    intro,
    ...(options.note ? ['', noteIntro, options.note] : []),
    '',
    `See the campaign: ${options.campaignUrl}`,
    '',
  ].join('\n');
  const body = [
    paragraph(escapeHtml(greeting(undefined))),
    paragraph(escapeHtml(intro)),
    ...(options.note ? [paragraph(escapeHtml(noteIntro)), quoted(options.note)] : []),
    paragraph(inlineLink(options.campaignUrl, 'See the campaign')),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: intro, body }) };
}
