import { brand } from '@ipatient/contracts/brand';
import {
  type ReportDecision,
  type ReportReason,
  reportReasonLabels,
} from '@ipatient/contracts/campaign-reports';
import { type EmailContent, noticeEmail } from '../../plugins/mail/email-templates.ts';

/** An email to a reporter, greeted without a name; the admin's words keep their line breaks. */
function email(subject: string, paragraphs: string[], campaignUrl: string): EmailContent {
  return noticeEmail({
    subject,
    paragraphs,
    link: { url: campaignUrl, label: 'See the campaign', textLabel: 'The campaign' },
    keepLineBreaks: true,
  });
}

/** To a reporter who gave an email, at once: the report arrived. */
export function reportReceivedEmail(options: {
  campaignTitle: string;
  campaignUrl: string;
  reason: ReportReason;
}): EmailContent {
  return email(
    `We received your report about "${options.campaignTitle}"`,
    [
      `Thank you for telling us about the campaign "${options.campaignTitle}" on ${brand.siteName}.`,
      `Your reason: ${reportReasonLabels[options.reason]}.`,
      'Our team will look into it and may hold the money raised while they do. We will email you when we have decided.',
    ],
    options.campaignUrl,
  );
}

/** To a reporter who gave an email, when an admin closes the report. */
export function reportOutcomeEmail(options: {
  campaignTitle: string;
  campaignUrl: string;
  decision: ReportDecision;
  outcome: string;
}): EmailContent {
  const decided =
    options.decision === 'upheld'
      ? `We looked into your report about the campaign "${options.campaignTitle}" and agree with it: we have acted on it.`
      : `We looked into your report about the campaign "${options.campaignTitle}" and found no reason to act on it.`;
  return email(
    `Your report about "${options.campaignTitle}": what we decided`,
    [decided, `What our team says: ${options.outcome}`, 'Thank you for helping keep giving safe.'],
    options.campaignUrl,
  );
}
