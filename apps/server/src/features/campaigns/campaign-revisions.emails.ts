import { type EmailContent, noticeEmail } from '../../plugins/mail/email-templates.ts';

export interface RevisionEmailOptions {
  firstName: string;
  campaignTitle: string;
  /** The public campaign page (approved) or the edit page (rejected). */
  link: string;
  outcome: 'approved' | 'rejected';
  reason?: string | undefined;
}

/** The organiser hears how the review of their change to a live campaign ended. */
export function revisionReviewEmail(options: RevisionEmailOptions): EmailContent {
  const approved = options.outcome === 'approved';
  const subject = approved
    ? 'Your campaign changes are live'
    : 'Your campaign changes were not approved';
  const news = approved
    ? `Our team has reviewed your changes to "${options.campaignTitle}". Visitors now see them.`
    : `Our team has reviewed your changes to "${options.campaignTitle}" and could not approve them. Your campaign stays live as it was.`;
  const why = !approved && options.reason ? `Why: ${options.reason}` : '';
  return noticeEmail({
    subject,
    firstName: options.firstName,
    paragraphs: [news, ...(why ? [why] : [])],
    link: { url: options.link, label: approved ? 'See your campaign' : 'Edit your campaign' },
  });
}
