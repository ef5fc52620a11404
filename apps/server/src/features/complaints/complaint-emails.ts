import { type ComplaintStatus, complaintStatusLabels } from '@ipatient/contracts/advocacy-rules';
import { brand } from '@ipatient/contracts/brand';
import {
  type EmailContent,
  escapeHtml,
  greeting,
  layout,
  paragraph,
} from '../../plugins/mail/email-templates.ts';

/** "Friday, 13 March 2026": a deadline's day in Lagos, whatever the server's time zone. */
const lagosDayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

export function formatLagosDay(date: Date): string {
  return lagosDayFormat.format(date);
}

/** The user's own words, escaped, line breaks kept. */
function quote(text: string): string {
  return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #0b7a3e;background:#f4f6f8;font-size:16px;line-height:1.5;color:#1f2933">${escapeHtml(text).replaceAll('\n', '<br>')}</blockquote>`;
}

function details(rows: [string, string][]): string {
  return paragraph(
    rows
      .map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`)
      .join('<br>'),
  );
}

function button(link: string, label: string): string {
  return paragraph(
    `<a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0b7a3e;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a>`,
  );
}

export interface ComplaintEmailSubject {
  reference: string;
  hospitalName: string;
  hospitalAddress: string;
  category: string;
  complaints: string;
  acknowledgementDueAt: Date;
  responseDueAt: Date;
  /** Absolute link to the complaint's page. */
  link: string;
}

/** The patient's receipt: the reference to quote and the two deadlines, as Lagos days. */
export function complaintReceiptEmail(
  options: ComplaintEmailSubject & { firstName?: string },
): EmailContent {
  const site = brand.siteName;
  const subject = `We received your complaint ${options.reference}`;
  const intro = `Thank you for telling us about your experience at ${options.hospitalName}. We have received your complaint.`;
  const referenceLine = `Your reference number: ${options.reference}`;
  const quoteIt = 'Please quote this number whenever you contact us about this complaint.';
  const acknowledge = `We will acknowledge your complaint by the end of ${formatLagosDay(options.acknowledgementDueAt)}.`;
  const respond = `We aim to send you a full response by the end of ${formatLagosDay(options.responseDueAt)}.`;
  const edit = 'You can change your complaint until we acknowledge it.';
  const rows: [string, string][] = [
    ['Hospital', options.hospitalName],
    ['Address', options.hospitalAddress],
    ['Category', options.category],
  ];
  const text = [
    greeting(options.firstName),
    '',
    intro,
    '',
    referenceLine,
    quoteIt,
    '',
    acknowledge,
    respond,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Your complaint:',
    options.complaints,
    '',
    edit,
    `See your complaint: ${options.link}`,
    '',
    `The ${site} team`,
    '',
  ].join('\n');
  const body = [
    paragraph(escapeHtml(greeting(options.firstName))),
    paragraph(escapeHtml(intro)),
    paragraph(
      `Your reference number: <strong style="font-size:20px;letter-spacing:1px;font-family:'Courier New',Courier,monospace">${escapeHtml(options.reference)}</strong>`,
    ),
    paragraph(escapeHtml(quoteIt)),
    paragraph(`${escapeHtml(acknowledge)}<br>${escapeHtml(respond)}`),
    details(rows),
    quote(options.complaints),
    paragraph(escapeHtml(edit)),
    button(options.link, 'See your complaint'),
    paragraph(escapeHtml(`The ${site} team`)),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: referenceLine, body }) };
}

/** The team's notice of a new complaint, with who sent it and the deadlines it must meet. */
export function complaintTeamEmail(
  options: ComplaintEmailSubject & { patientName: string; patientEmail: string },
): EmailContent {
  const subject = `New complaint ${options.reference}: ${options.hospitalName}`;
  const intro = `${options.patientName} sent a complaint through ${brand.siteName}.`;
  const rows: [string, string][] = [
    ['Reference', options.reference],
    ['Patient', `${options.patientName} <${options.patientEmail}>`],
    ['Hospital', options.hospitalName],
    ['Address', options.hospitalAddress],
    ['Category', options.category],
    ['Acknowledge by', `end of ${formatLagosDay(options.acknowledgementDueAt)}`],
    ['Respond by', `end of ${formatLagosDay(options.responseDueAt)}`],
  ];
  const text = [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Complaint:',
    options.complaints,
    '',
    `Open it: ${options.link}`,
    '',
  ].join('\n');
  const body = [
    paragraph(escapeHtml(intro)),
    details(rows),
    quote(options.complaints),
    button(options.link, 'Open the complaint'),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: intro, body }) };
}

/** Tells the patient their complaint moved on, with the admin's note when there is one. */
export function complaintStatusEmail(options: {
  firstName?: string;
  reference: string;
  hospitalName: string;
  status: ComplaintStatus;
  note: string | undefined;
  link: string;
}): EmailContent {
  const site = brand.siteName;
  const label = complaintStatusLabels[options.status];
  const subject = `Your complaint ${options.reference} is now: ${label}`;
  const lead = {
    submitted: 'Your complaint has been submitted.',
    acknowledged: 'We have acknowledged your complaint and will start looking into it.',
    under_review: 'Your complaint is now under review.',
    resolved: 'Your complaint has been resolved.',
    closed: 'Your complaint has been closed.',
  }[options.status];
  const about = `Complaint ${options.reference} about ${options.hospitalName}`;
  const statusLine = `New status: ${label}`;
  const text = [
    greeting(options.firstName),
    '',
    about,
    statusLine,
    '',
    lead,
    '',
    ...(options.note ? ['A note from our team:', options.note, ''] : []),
    `See your complaint: ${options.link}`,
    '',
    `The ${site} team`,
    '',
  ].join('\n');
  const body = [
    paragraph(escapeHtml(greeting(options.firstName))),
    paragraph(`${escapeHtml(about)}<br><strong>${escapeHtml(statusLine)}</strong>`),
    paragraph(escapeHtml(lead)),
    ...(options.note ? [paragraph(escapeHtml('A note from our team:')), quote(options.note)] : []),
    button(options.link, 'See your complaint'),
    paragraph(escapeHtml(`The ${site} team`)),
  ].join('\n');
  return { subject, text, html: layout({ title: subject, preheader: statusLine, body }) };
}
