import { brand } from '@ipatient/contracts/brand';
import { formatWebinarTime, type Webinar } from '@ipatient/contracts/webinars';
import {
  type EmailContent,
  escapeHtml,
  greeting,
  layout,
  paragraph,
} from '../../plugins/mail/email-templates.ts';

export interface WebinarRegistrationEmailOptions {
  webinar: Webinar;
  /** The webinar's page on the web app (absolute). */
  url: string;
}

/**
 * The registrant's confirmation. Recordings and joining links are sent by the team (the
 * registrations are listed for them), so the email promises exactly that and no more. Anyone
 * can register any address, so it carries nothing the registrant typed (not even their name):
 * only our own text about one of our webinars.
 */
export function webinarRegistrationEmail(options: WebinarRegistrationEmailOptions): EmailContent {
  const { webinar, url } = options;
  const onDemand = webinar.format === 'on-demand';
  const subject = onDemand
    ? `Registered to watch: ${webinar.title}`
    : `You are registered: ${webinar.title}`;
  const intro = onDemand
    ? `Thank you for registering to watch "${webinar.title}" on ${brand.siteName}. We will email you the link to the recording.`
    : `Thank you for registering for "${webinar.title}" on ${brand.siteName}. It takes place on ${formatWebinarTime(webinar)}.`;
  const after = onDemand
    ? 'The recording is free to watch as many times as you like.'
    : 'We will email you the joining link before it starts.';
  const footer = `If you did not register, you can ignore this email. Questions? Write to ${brand.contactEmail}.`;
  const text = [
    greeting(undefined),
    '',
    intro,
    '',
    `Webinar details: ${url}`,
    '',
    after,
    '',
    footer,
    '',
  ].join('\n');
  const html = layout({
    title: subject,
    preheader: intro,
    body: [
      paragraph(escapeHtml(greeting(undefined))),
      paragraph(escapeHtml(intro)),
      paragraph(
        `<a href="${escapeHtml(url)}" style="color:#0b7a3e;font-weight:bold">See the webinar details</a>`,
      ),
      paragraph(escapeHtml(after)),
      paragraph(escapeHtml(footer)),
    ].join('\n'),
  });
  return { subject, text, html };
}
