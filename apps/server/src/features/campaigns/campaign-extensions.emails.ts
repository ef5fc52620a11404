import { formatDate } from '@ipatient/contracts/format';
import {
  type EmailContent,
  escapeHtml,
  greeting,
  layout,
  paragraph,
} from '../../plugins/mail/email-templates.ts';

export interface ExtensionEmailOptions {
  firstName: string;
  campaignTitle: string;
  campaignUrl: string;
  outcome: 'granted' | 'refused';
  /** Days added (granted). */
  days: number;
  /** The new end (granted). */
  endsAt: Date | null;
  /** Why not (refused). */
  reason?: string | undefined;
}

/** The organiser hears whether their campaign was given more time. */
export function extensionEmail(options: ExtensionEmailOptions): EmailContent {
  const granted = options.outcome === 'granted';
  const subject = granted
    ? `Your campaign has ${options.days} more days`
    : 'Your request for more time was not granted';
  const news = granted
    ? `We added ${options.days} days to "${options.campaignTitle}".${options.endsAt ? ` It now ends on ${formatDate(options.endsAt)}.` : ''}`
    : `We could not give "${options.campaignTitle}" more time.`;
  const detail = granted
    ? 'Donors can give to it and it is listed again until then.'
    : `Our team's reason: ${options.reason ?? ''}`;
  const text = [
    greeting(options.firstName),
    '',
    news,
    '',
    detail,
    '',
    `See your campaign: ${options.campaignUrl}`,
    '',
  ].join('\n');
  const body = [
    paragraph(escapeHtml(greeting(options.firstName))),
    paragraph(escapeHtml(news)),
    paragraph(escapeHtml(detail)),
    paragraph(
      `<a href="${escapeHtml(options.campaignUrl)}" style="color:#0b7a3e">See your campaign</a>`,
    ),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: news, body }) };
}
