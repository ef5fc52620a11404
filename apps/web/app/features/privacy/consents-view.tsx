import { consentTexts, type TConsentRecord, type TMyConsents } from '@ipatient/contracts/consents';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import {
  cookieChoiceLabel,
  formatRecordedAt,
  formatVersionDate,
  kindLabels,
  sourceLabel,
} from './consent-labels.ts';

const cardClass = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
const headingClass = 'text-xl font-bold text-slate-900';
const linkClass = 'font-semibold text-brand-800 underline underline-offset-2';

function acceptedLine(record: TConsentRecord | null, current: string, what: string) {
  if (!record?.version) return `${what}: not yet recorded.`;
  const when = formatRecordedAt(record.createdAt);
  const outdated = record.version !== current ? ' A newer version is in force.' : '';
  return `${what}: version of ${formatVersionDate(record.version)}, accepted ${when}.${outdated}`;
}

/** Which terms and privacy notice the member accepted, and a button when they are not current. */
export function AcceptedDocuments({
  consents,
  result,
}: {
  consents: TMyConsents;
  result: ActionResult | undefined;
}) {
  const { current, currentVersions } = consents;
  const upToDate =
    current.terms?.version === currentVersions.terms &&
    current.privacy?.version === currentVersions.privacy;
  return (
    <section aria-labelledby="documents-title" className={cardClass}>
      <h2 id="documents-title" className={headingClass}>
        Terms and privacy notice
      </h2>
      <ul className="mt-3 space-y-2 text-slate-800">
        <li>{acceptedLine(current.terms, currentVersions.terms, 'Terms and conditions')}</li>
        <li>{acceptedLine(current.privacy, currentVersions.privacy, 'Privacy notice')}</li>
      </ul>
      <p className="mt-3 text-slate-700">
        Read the{' '}
        <Link to="/terms" className={linkClass}>
          terms and conditions
        </Link>{' '}
        and the{' '}
        <Link to="/privacy" className={linkClass}>
          privacy notice
        </Link>
        .
      </p>
      {upToDate ? null : (
        <Form method="post" className="mt-4 space-y-3">
          <CsrfField />
          <input type="hidden" name="intent" value="accept-current" />
          <FormAlert message={result?.message} />
          <button type="submit" className={buttonClass('primary')}>
            Accept the current terms and privacy notice
          </button>
        </Form>
      )}
    </section>
  );
}

/** The marketing emails: the route's switch (`marketingEmailsSwitch`, posted as a plain form). */
export function EmailsSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="marketing-title" className={cardClass}>
      <h2 id="marketing-title" className={headingClass}>
        Emails
      </h2>
      {children}
    </section>
  );
}

/**
 * What the marketing emails switch posts and says (account/choice-switch.tsx draws it): one
 * press gives or withdraws, as easy one way as the other.
 */
export const marketingEmailsSwitch = {
  id: 'marketing',
  intent: 'marketing-emails',
  name: 'granted',
  label: consentTexts.marketingLabel,
  onText: 'On: we send you news and health tips by email now and then.',
  offText: 'Off: we only email you about your account, your campaigns, donations and complaints.',
};

/** The cookie choice and text messages: changed on their own pages. */
export function OtherChoices({ consents }: { consents: TMyConsents }) {
  const sms = consents.current.sms_updates;
  return (
    <section aria-labelledby="other-choices-title" className={cardClass}>
      <h2 id="other-choices-title" className={headingClass}>
        Cookies and text messages
      </h2>
      <dl className="mt-3 space-y-3 text-slate-800">
        <div>
          <dt className="font-semibold">Cookies</dt>
          <dd>
            {consents.current.cookies
              ? `Your last choice: ${cookieChoiceLabel(consents.current.cookies.version)}.`
              : 'No choice recorded while you were signed in.'}{' '}
            <Link to="/cookie-policy#cookie-settings" className={linkClass}>
              Change your cookie choice
            </Link>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Text messages</dt>
          <dd>
            {sms ? (sms.granted ? 'On.' : 'Off.') : 'Off.'}{' '}
            <Link to="/account/phone" className={linkClass}>
              Change text messages on your phone number page
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function recordText(record: TConsentRecord): string {
  if (record.kind === 'cookies') return cookieChoiceLabel(record.version);
  if (record.kind === 'terms' || record.kind === 'privacy') {
    return `${record.granted ? 'Accepted' : 'Withdrawn'}, version of ${formatVersionDate(record.version ?? '')}`;
  }
  if (record.kind === 'donor_updates') {
    return `${record.granted ? 'Asked for' : 'Stopped'}: “${record.version ?? ''}”`;
  }
  return record.granted ? 'Turned on' : 'Turned off';
}

/** Every consent given or withdrawn, newest first. */
export function ConsentHistory({ history }: { history: readonly TConsentRecord[] }) {
  return (
    <section aria-labelledby="history-title" className={cardClass}>
      <h2 id="history-title" className={headingClass}>
        History of your choices
      </h2>
      {history.length === 0 ? (
        <p className="mt-3 text-slate-700">Nothing recorded yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm text-slate-800">
            <caption className="sr-only">Your consents, newest first</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  What
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Your choice
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Where
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((record, index) => (
                <tr
                  // Records have no id of their own in the answer; their order is fixed.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a list that is never reordered
                  key={index}
                  className="border-b border-slate-200"
                >
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {formatRecordedAt(record.createdAt)}
                  </td>
                  <td className="py-2 pr-4">{kindLabels[record.kind]}</td>
                  <td className="py-2 pr-4">{recordText(record)}</td>
                  <td className="py-2">{sourceLabel(record.source)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
