import { accountDeletionTexts } from '@ipatient/contracts/account-deletion';
import { brand } from '@ipatient/contracts/brand';
import {
  type EmailContent,
  escapeHtml,
  greeting,
  layout,
  paragraph,
} from '../../plugins/mail/email-templates.ts';

/** Sent to the old address: what was deleted and what is kept, and why. */
export function accountDeletedEmail(firstName: string): EmailContent {
  const subject = `Your ${brand.siteName} account has been deleted`;
  const lines = [
    `As you asked, your ${brand.siteName} account has been deleted. You have been signed out everywhere and cannot sign in again with this account.`,
    `What we delete: ${accountDeletionTexts.erased.join('; ')}.`,
    ...accountDeletionTexts.kept.map((item) => `What we keep: ${item.what}. ${item.why}`),
    `Everything we delete is gone within ${accountDeletionTexts.erasureDays} days. You are welcome to join again with this email address at any time.`,
  ];
  const text = [greeting(firstName), '', ...lines.flatMap((line) => [line, ''])].join('\n');
  const body = [greeting(firstName), ...lines]
    .map((line) => paragraph(escapeHtml(line)))
    .join('\n');
  return { subject, text, html: layout({ title: subject, preheader: lines[0] ?? '', body }) };
}
