import { brand, groupCode, security } from '@ipatient/contracts';
import { escapeHtml } from '@ipatient/contracts/html';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export { escapeHtml };

export function greeting(firstName: string | undefined): string {
  const name = firstName?.trim();
  return name ? `Hello ${name},` : 'Hello,';
}

/** One paragraph of the HTML body; `html` must already be escaped. */
export function paragraph(html: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${html}</p>`;
}

/** A link within the text, in the site's green (email clients drop external styles). */
export function inlineLink(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" style="color:#0b7a3e">${escapeHtml(label)}</a>`;
}

export interface NoticeEmailOptions {
  subject: string;
  /** Whom to greet by name; "Hello," alone without one. */
  firstName?: string | undefined;
  /** Plain text, one paragraph each; the first is also the inbox preview. */
  paragraphs: string[];
  /** The one link, last. The text version writes `textLabel` (else `label`), a colon, the URL. */
  link: { url: string; label: string; textLabel?: string };
  /** Show the paragraphs' line breaks in the HTML (words someone typed on several lines). */
  keepLineBreaks?: boolean;
}

/**
 * The short notice most emails about a campaign are: a greeting, a few paragraphs and one link,
 * the same words in the text and the HTML versions.
 */
export function noticeEmail(options: NoticeEmailOptions): EmailContent {
  const { subject, paragraphs } = options;
  const { url, label, textLabel = label } = options.link;
  const hello = greeting(options.firstName);
  const text = [
    hello,
    '',
    ...paragraphs.flatMap((line) => [line, '']),
    `${textLabel}: ${url}`,
    '',
  ].join('\n');
  const html = (line: string) =>
    options.keepLineBreaks ? escapeHtml(line).replace(/\n/g, '<br>') : escapeHtml(line);
  const body = [
    paragraph(escapeHtml(hello)),
    ...paragraphs.map((line) => paragraph(html(line))),
    paragraph(inlineLink(url, label)),
  ].join('\n');
  return {
    subject,
    text,
    html: layout({ title: subject, preheader: paragraphs[0] ?? subject, body }),
  };
}

/** The shared HTML frame: one centred column, inline styles, readable on a small phone. */
export function layout(options: { title: string; preheader: string; body: string }): string {
  const site = escapeHtml(brand.siteName);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(options.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f6f8">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:480px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 24px 8px;font-size:22px;font-weight:bold;color:#0b7a3e">${site}</td></tr>
<tr><td style="padding:8px 24px 24px">${options.body}</td></tr>
</table>
<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#52606d">${site} &middot; ${escapeHtml(brand.contactEmail)}</p>
</td></tr>
</table>
</body>
</html>`;
}

export interface CodeEmailOptions {
  purpose: 'signup' | 'reset';
  /** As stored (no dashes); a reset code is shown grouped, ABCDE-FGHJK. */
  code: string;
  /**
   * The account's own first name, for a reset code. A sign-up code goes to an address nobody
   * has proven yet, with a name the requester typed: it greets no one by name, whatever is
   * passed here.
   */
  firstName?: string | undefined;
  /** For a reset code: the page that opens with the email and code filled in. */
  link?: string | undefined;
}

/** The button of an email: a link styled as one (email clients drop external styles). */
function button(href: string, label: string): string {
  return paragraph(
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0b7a3e;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a>`,
  );
}

/** The sign-up verification (6 characters) or password reset (10 characters, grouped) email. */
export function codeEmail(options: CodeEmailOptions): EmailContent {
  const minutes = security.codeTtlMinutes;
  const isReset = options.purpose === 'reset';
  const shown = isReset ? groupCode(options.code) : options.code;
  const hello = greeting(isReset ? options.firstName : undefined);
  const link = isReset ? options.link : undefined;
  const subject = isReset
    ? `Reset your ${brand.siteName} password`
    : `Your ${brand.siteName} verification code`;
  const codeLine = isReset
    ? `Your ${brand.siteName} password reset code: ${shown}`
    : `Your ${brand.siteName} verification code: ${shown}`;
  const intro = isReset
    ? `We received a request to reset the password of your ${brand.siteName} account.`
    : `Welcome to ${brand.siteName}. Enter this code to verify your email address.`;
  const linkLine = 'Or open this link to enter it for you, then choose your new password:';
  const validity = `It is valid for ${minutes} minutes and can be used only once.`;
  const ignore = isReset
    ? 'If you did not ask to reset your password, you can ignore this email: your password stays the same.'
    : `If you did not ask for this code, you can ignore this email: no account is created without it.`;

  const text = [
    hello,
    '',
    intro,
    '',
    codeLine,
    '',
    ...(link ? [linkLine, link, ''] : []),
    validity,
    '',
    ignore,
    '',
    `The ${brand.siteName} team`,
    '',
  ].join('\n');

  const label = isReset ? 'Your password reset code:' : 'Your verification code:';
  const size = isReset ? 'font-size:28px;letter-spacing:3px' : 'font-size:32px;letter-spacing:6px';
  const body = [
    paragraph(escapeHtml(hello)),
    paragraph(escapeHtml(intro)),
    paragraph(escapeHtml(label)),
    `<p style="margin:0 0 16px;${size};line-height:1.2;font-weight:bold;font-family:'Courier New',Courier,monospace;color:#1f2933">${escapeHtml(shown)}</p>`,
    ...(link ? [button(link, 'Choose a new password')] : []),
    paragraph(escapeHtml(validity)),
    paragraph(escapeHtml(ignore)),
    paragraph(escapeHtml(`The ${brand.siteName} team`)),
  ].join('\n');

  return { subject, text, html: layout({ title: subject, preheader: codeLine, body }) };
}

/**
 * Sent instead of a sign-up code when the address already has an account: the sign-up answers
 * as if a code went out (so it does not tell whether the address is registered), and the owner
 * learns of the attempt. Fixed text only: nothing the requester typed reaches the owner.
 */
export function signupAttemptEmail(options: { loginUrl: string; resetUrl: string }): EmailContent {
  const site = brand.siteName;
  const subject = `Someone tried to create a ${site} account with your email`;
  const notice = `Someone tried to create a new ${site} account with this email address, which already has an account.`;
  const ifYou =
    'If it was you, you already have an account: log in, or reset your password if you have forgotten it.';
  const ifNot =
    'If it was not you, you do not need to do anything: no new account was created and your account has not changed.';
  const text = [
    greeting(undefined),
    '',
    notice,
    '',
    ifYou,
    `Log in: ${options.loginUrl}`,
    `Reset your password: ${options.resetUrl}`,
    '',
    ifNot,
    '',
    `The ${site} team`,
    '',
  ].join('\n');
  const body = [
    paragraph(escapeHtml(greeting(undefined))),
    paragraph(escapeHtml(notice)),
    paragraph(escapeHtml(ifYou)),
    button(options.loginUrl, 'Log in'),
    paragraph(
      `<a href="${escapeHtml(options.resetUrl)}" style="color:#0b7a3e">Reset your password</a>`,
    ),
    paragraph(escapeHtml(ifNot)),
    paragraph(escapeHtml(`The ${site} team`)),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: notice, body }) };
}

/** Security notice sent after a password change, so an account takeover does not go unnoticed. */
export function passwordChangedEmail(options: { firstName?: string }): EmailContent {
  const subject = `Your ${brand.siteName} password was changed`;
  const notice = `The password of your ${brand.siteName} account was just changed.`;
  const ifYou = 'If you made this change, you do not need to do anything.';
  const ifNot = `If it was not you, reset your password now and contact us at ${brand.contactEmail}.`;
  const text = [
    greeting(options.firstName),
    '',
    notice,
    '',
    ifYou,
    '',
    ifNot,
    '',
    `The ${brand.siteName} team`,
    '',
  ].join('\n');
  const contact = escapeHtml(brand.contactEmail);
  const body = [
    paragraph(escapeHtml(greeting(options.firstName))),
    paragraph(escapeHtml(notice)),
    paragraph(escapeHtml(ifYou)),
    paragraph(
      `<strong>If it was not you</strong>, reset your password now and contact us at <a href="mailto:${contact}" style="color:#0b7a3e">${contact}</a>.`,
    ),
    paragraph(escapeHtml(`The ${brand.siteName} team`)),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: notice, body }) };
}

export interface CampaignReviewEmailOptions {
  outcome: 'approved' | 'rejected' | 'taken-down' | 'completed';
  firstName?: string;
  campaignTitle: string;
  /** Absolute link to the campaign (approved, completed) or the account page (rejected). */
  link: string;
  reason?: string;
}

/** Tells the organiser what the review decided: live, rejected with the reason, or completed. */
export function campaignReviewEmail(options: CampaignReviewEmailOptions): EmailContent {
  const site = brand.siteName;
  const title = `"${options.campaignTitle}"`;
  const content = {
    approved: {
      subject: `Your campaign is live on ${site}`,
      lines: [
        `Good news: your campaign ${title} has been approved and is now live.`,
        'Share your campaign link with family, friends and your community. Every Green-Heart like moves it up the leaderboard, and each week the most-liked campaign wins funding.',
      ],
      action: 'See your campaign',
    },
    rejected: {
      subject: `Your ${site} campaign needs changes`,
      lines: [
        `We reviewed your campaign ${title} and could not approve it yet.`,
        `The reason: ${options.reason ?? ''}`,
        'You can edit the campaign from your account and it will be reviewed again.',
      ],
      action: 'Open your account',
    },
    'taken-down': {
      subject: `Your ${site} campaign has been taken down`,
      lines: [
        `We have taken your campaign ${title} down, and it no longer appears on ${site}.`,
        `The reason: ${options.reason ?? ''}`,
        'You can edit the campaign from your account and it will be reviewed again.',
      ],
      action: 'Open your account',
    },
    completed: {
      subject: `Your ${site} campaign is complete`,
      lines: [
        `Your campaign ${title} has been marked as completed and no longer appears in the campaign list.`,
        'Thank you for trusting us. We wish you and your family good health.',
      ],
      action: 'See your campaign',
    },
  }[options.outcome];
  const text = [
    greeting(options.firstName),
    '',
    ...content.lines.flatMap((line) => [line, '']),
    `${content.action}: ${options.link}`,
    '',
    `The ${site} team`,
    '',
  ].join('\n');
  const link = escapeHtml(options.link);
  const body = [
    paragraph(escapeHtml(greeting(options.firstName))),
    ...content.lines.map((line) => paragraph(escapeHtml(line))),
    paragraph(
      `<a href="${link}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0b7a3e;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(content.action)}</a>`,
    ),
    paragraph(escapeHtml(`The ${site} team`)),
  ].join('\n');
  return {
    subject: content.subject,
    text,
    html: layout({ title: content.subject, preheader: content.lines[0] ?? '', body }),
  };
}

export interface ContactMessageEmailOptions {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
}

/**
 * Anyone can use the contact form with any name and address: the team is told so above the
 * message, which may be written to look like it comes from someone it does not.
 */
const unverifiedSender =
  'Sent by a visitor: the name, address and message are as typed and have not been verified. Be careful with links or requests in it.';

/**
 * A contact form message for the site's team. The sender's address heads the body and the
 * subject, so whoever reads it replies to the sender, not to our no-reply address.
 */
export function contactMessageEmail(options: ContactMessageEmailOptions): EmailContent {
  const sender = `${options.firstName} ${options.lastName}`;
  const subject = `Contact form: message from ${sender} <${options.email}>`;
  const intro = `${sender} sent a message through the ${brand.siteName} contact form.`;
  const caution = unverifiedSender;
  const replyLine = `Reply to: ${options.email}`;
  const text = [
    intro,
    caution,
    '',
    `Name: ${sender}`,
    replyLine,
    `Phone: ${options.phone}`,
    '',
    'Message:',
    options.message,
    '',
    `(Message reference ${options.id})`,
    '',
  ].join('\n');
  const email = escapeHtml(options.email);
  const phone = escapeHtml(options.phone);
  const messageHtml = escapeHtml(options.message).replaceAll('\n', '<br>');
  const body = [
    paragraph(escapeHtml(intro)),
    paragraph(`<em>${escapeHtml(caution)}</em>`),
    paragraph(
      `<strong>Name:</strong> ${escapeHtml(sender)}<br><strong>Reply to:</strong> <a href="mailto:${email}" style="color:#0b7a3e">${email}</a><br><strong>Phone:</strong> <a href="tel:${phone}" style="color:#0b7a3e">${phone}</a>`,
    ),
    `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #0b7a3e;background:#f4f6f8;font-size:16px;line-height:1.5;color:#1f2933">${messageHtml}</blockquote>`,
    paragraph(escapeHtml(`Message reference ${options.id}`)),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: intro, body }) };
}
