import { brand } from '@ipatient/contracts/brand';
import { dataProtectionOfficer, privacyNoticeVersion } from '@ipatient/contracts/consents';
import { retention } from '@ipatient/contracts/retention';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatVersionDate } from './consent-labels.ts';

const prose =
  'space-y-4 text-slate-700 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-2';
const linkClass = 'font-semibold text-brand-800 underline underline-offset-2';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={prose}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);

/** How long each kind of data is kept, read from the same numbers the deletion jobs use. */
const keptFor = [
  ['Sign-ups never confirmed with their code', days(retention.pendingSignUpsDays)],
  ['One-time codes sent by email or text message', days(retention.codesDays)],
  ['Signed-out or expired sessions', days(retention.endedSessionsDays)],
  ['The donor details of donations never paid', days(retention.abandonedDonationsDays)],
  ['Copies of emails and text messages we sent you', days(retention.sentMessagesDays)],
  ['The download of your data we prepare for you', days(retention.dataExportDays)],
  ['The record of who opened private records', days(retention.accessLogDays)],
  [
    'Your account, once you delete it',
    `erased or made anonymous within ${days(retention.accountErasureDays)}, usually at once`,
  ],
] as const;

/** The privacy notice: plain words about what we collect, why, for how long, and your rights. */
export function PrivacyNotice() {
  const dpo = dataProtectionOfficer;
  const mail = (
    <a className={linkClass} href={`mailto:${dpo.email}`}>
      {dpo.email}
    </a>
  );
  return (
    <div className="max-w-3xl space-y-10">
      <p className="text-slate-700">
        Version {privacyNoticeVersion}, in force from {formatVersionDate(privacyNoticeVersion)}.
        This notice follows the Nigeria Data Protection Act 2023.
      </p>
      <Section id="who-we-are" title="Who we are and how to reach us">
        <p>
          {brand.siteName} is a platform for patients in Nigeria: medical crowdfunding, hospital
          reviews, and complaints about care followed up by advocates. We decide how your personal
          data is used, so we are responsible for it.
        </p>
        <p>
          Our {dpo.title} answers every question about your data. Write to {mail}. We reply within a
          few working days.
        </p>
      </Section>
      <Section id="what-we-collect" title="What we collect">
        <ul>
          <li>Your account details: name, email address, password (kept only as a secure hash).</li>
          <li>Your phone number, and whether you proved it is yours with a code.</li>
          <li>
            Campaign stories and the medical documents you upload to support a campaign. These are
            health details.
          </li>
          <li>Complaints about care, and the documents and messages that go with them.</li>
          <li>Hospital reviews you write.</li>
          <li>
            Donations: who gave, how much and to which campaign. Card and bank details are handled
            by our payment provider, Paystack; we never see or store your card number.
          </li>
          <li>
            Device and session data: the browser you use and your network address, to keep your
            account safe and stop abuse.
          </li>
          <li>
            Cookies: see our{' '}
            <Link className={linkClass} to="/cookie-policy">
              cookie policy
            </Link>
            .
          </li>
        </ul>
      </Section>
      <Section id="why" title="Why we use it, and on what basis">
        <ul>
          <li>
            <strong>Your consent</strong> for health details in campaigns and complaints, for news
            and health tips by email, and for text messages. You can withdraw your consent at any
            time; this does not make what we did before unlawful.
          </li>
          <li>
            <strong>Our contract with you</strong> to run your account, your campaigns, your
            donations and your complaints.
          </li>
          <li>
            <strong>A legal obligation</strong> to keep records of money received and paid out.
          </li>
          <li>
            <strong>Our legitimate interest</strong> in keeping the platform safe: stopping fraud,
            abuse and misuse.
          </li>
        </ul>
      </Section>
      <Section id="who-processes" title="Who handles data for us">
        <p>These companies process data only on our instructions and only for these purposes:</p>
        <ul>
          <li>Paystack, our payment provider, for donations and payouts.</li>
          <li>An SMS gateway, such as Termii, to send text messages.</li>
          <li>An email delivery service, to send our emails.</li>
          <li>Our hosting and storage providers, where the site and its files are kept.</li>
        </ul>
        <p>We never sell your personal data.</p>
      </Section>
      <Section id="how-long" title="How long we keep it">
        <p>We keep your data while your account is open, and delete what we no longer need:</p>
        <ul>
          {keptFor.map(([what, howLong]) => (
            <li key={what}>
              {what}: {howLong}.
            </li>
          ))}
        </ul>
        <p>Records of money received and paid out are kept as long as the law requires.</p>
      </Section>
      <Section id="children" title="Children">
        <p>
          A campaign for a child needs the consent of the child’s parent or guardian, who starts or
          approves it. Share only the details needed to explain the child’s need.
        </p>
      </Section>
      <Section id="your-rights" title="Your rights, and how to use them">
        <ul>
          <li>
            See your data and get a copy:{' '}
            <Link className={linkClass} to="/account/data">
              download my data
            </Link>
            .
          </li>
          <li>
            Correct it:{' '}
            <Link className={linkClass} to="/account">
              my account
            </Link>
            .
          </li>
          <li>
            Delete it:{' '}
            <Link className={linkClass} to="/account/delete">
              delete my account
            </Link>
            .
          </li>
          <li>
            Withdraw your consent:{' '}
            <Link className={linkClass} to="/account/privacy">
              consents and emails
            </Link>
            .
          </li>
          <li>Object to how we use your data, or ask us to limit it: write to {mail}.</li>
          <li>
            Complain to the{' '}
            <a className={linkClass} href={dpo.regulatorUrl} rel="noopener noreferrer">
              {dpo.regulator}
            </a>{' '}
            if you think we have not handled your data properly. We would like to hear from you
            first, so we can put it right.
          </li>
        </ul>
      </Section>
      <Section id="breaches" title="If something goes wrong">
        <p>
          If your personal data is lost or seen by someone who should not see it, we tell the{' '}
          {dpo.regulator} within 72 hours, and we tell you without delay when it puts you at risk.
        </p>
      </Section>
      <Section id="changes" title="Changes to this notice">
        <p>
          When we change this notice we give it a new date here, and your{' '}
          <Link className={linkClass} to="/account/privacy">
            consents page
          </Link>{' '}
          asks you to accept the new version.
        </p>
      </Section>
    </div>
  );
}
