import { formatDate } from '@ipatient/contracts/format';
import { type EmailContent, noticeEmail } from '../../plugins/mail/email-templates.ts';

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
  return noticeEmail({
    subject,
    firstName: options.firstName,
    paragraphs: [news, detail],
    link: { url: options.campaignUrl, label: 'See your campaign' },
  });
}
