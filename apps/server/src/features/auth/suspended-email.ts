import { brand } from '@ipatient/contracts';
import {
  type EmailContent,
  escapeHtml,
  greeting,
  layout,
  paragraph,
} from '../../plugins/mail/email-templates.ts';

/**
 * Sent instead of a reset code when a suspended account asks for one: the owner learns why no
 * code comes and whom to ask, and the reset page still answers as it does for anyone.
 */
export function suspendedAccountEmail(options: {
  firstName?: string;
  contactUrl: string;
}): EmailContent {
  const subject = `Your ${brand.siteName} account is suspended`;
  const notice = `Someone asked to reset the password of your ${brand.siteName} account. The account is suspended, so its password cannot be reset and it cannot sign in.`;
  const contact = `If you think this is a mistake, contact us at ${brand.contactEmail} or through ${options.contactUrl}.`;
  const text = [
    greeting(options.firstName),
    '',
    notice,
    '',
    contact,
    '',
    `The ${brand.siteName} team`,
    '',
  ].join('\n');
  const email = escapeHtml(brand.contactEmail);
  const page = escapeHtml(options.contactUrl);
  const body = [
    paragraph(escapeHtml(greeting(options.firstName))),
    paragraph(escapeHtml(notice)),
    paragraph(
      `If you think this is a mistake, contact us at <a href="mailto:${email}" style="color:#0b7a3e">${email}</a> or through <a href="${page}" style="color:#0b7a3e">our contact page</a>.`,
    ),
    paragraph(escapeHtml(`The ${brand.siteName} team`)),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: notice, body }) };
}
