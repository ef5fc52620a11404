import { brand } from '@ipatient/contracts';
import { type EmailContent, escapeHtml } from '../../plugins/mail/email-templates.ts';

export interface ReviewDecisionEmailOptions {
  outcome: 'approved' | 'rejected';
  firstName: string;
  facilityName: string;
  /** Absolute link: the facility page (approved) or the account's reviews (rejected). */
  link: string;
  reason?: string | undefined;
}

/** Tells the reviewer what the moderator decided, with the reason of a rejection. */
export function reviewDecisionEmail(options: ReviewDecisionEmailOptions): EmailContent {
  const site = brand.siteName;
  const facility = options.facilityName;
  const content =
    options.outcome === 'approved'
      ? {
          subject: `Your review of ${facility} is live on ${site}`,
          lines: [
            `Thank you for sharing your experience. Your review of ${facility} has been approved and now helps other patients choose where to go.`,
          ],
          action: 'See your review',
        }
      : {
          subject: `Your ${site} review of ${facility} was not approved`,
          lines: [
            `We read your review of ${facility} and could not publish it.`,
            `The reason: ${options.reason ?? ''}`,
            'You can edit the review from your account and it will be read again.',
          ],
          action: 'Open your reviews',
        };
  const greeting = options.firstName.trim() ? `Hello ${options.firstName.trim()},` : 'Hello,';
  const signature = `The ${site} team`;
  const text = [
    greeting,
    '',
    ...content.lines.flatMap((line) => [line, '']),
    `${content.action}: ${options.link}`,
    '',
    signature,
    '',
  ].join('\n');
  const paragraph = (html: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${html}</p>`;
  const link = escapeHtml(options.link);
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:24px 12px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:480px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">
<p style="margin:0 0 16px;font-size:22px;font-weight:bold;color:#0b7a3e">${escapeHtml(site)}</p>
${[greeting, ...content.lines].map((line) => paragraph(escapeHtml(line))).join('\n')}
${paragraph(`<a href="${link}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0b7a3e;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(content.action)}</a>`)}
${paragraph(escapeHtml(signature))}
</div>
</body>
</html>`;
  return { subject: content.subject, text, html };
}
