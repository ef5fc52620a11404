import { phoneRules, phoneTexts, type TPhoneStatus } from '@ipatient/contracts/phone';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

const headingClass = 'text-xl font-bold text-slate-900';
const cardClass = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6';

/** +2348031234567 → "+234 803 123 4567", easier to read back. */
export function readablePhone(phone: string): string {
  const match = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `+234 ${match[1]} ${match[2]} ${match[3]}` : phone;
}

/** The number on the account and whether it has been proved with a code. */
export function PhoneSummary({ status }: { status: TPhoneStatus }) {
  return (
    <section aria-labelledby="phone-current-title" className={cardClass}>
      <h2 id="phone-current-title" className={headingClass}>
        Your phone number
      </h2>
      <p className="mt-3 text-lg font-semibold text-slate-900">{readablePhone(status.phone)}</p>
      {status.phoneVerified ? (
        <p className="mt-2 flex items-center gap-2 font-medium text-green-800">
          <CircleCheck aria-hidden="true" className="h-5 w-5" />
          Verified
        </p>
      ) : (
        <p className="mt-2 flex items-center gap-2 font-medium text-amber-800">
          <CircleAlert aria-hidden="true" className="h-5 w-5" />
          Not verified yet. Send a code to it below to verify it.
        </p>
      )}
    </section>
  );
}

/** A step of proving the number: a card with one field, posted with its `intent`. */
function PhoneStep({
  id,
  titleId,
  title,
  intro,
  intent,
  result,
  button,
  children,
}: {
  /** The card's own id, for links to it (the page opens there after a code is sent). */
  id?: string;
  titleId: string;
  title: string;
  intro: string;
  intent: string;
  result: ActionResult | undefined;
  button: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={id ? `scroll-mt-24 ${cardClass}` : cardClass}
    >
      <h2 id={titleId} className={headingClass}>
        {title}
      </h2>
      <p className="mt-3 text-slate-700">{intro}</p>
      <Form method="post" className="mt-5 space-y-4">
        <CsrfField />
        <input type="hidden" name="intent" value={intent} />
        <FormAlert message={result?.message} />
        {children}
        <button type="submit" className={buttonClass('primary')}>
          {button}
        </button>
      </Form>
    </section>
  );
}

/** Step one: a Nigerian mobile number to text a code to. */
export function SendCodeForm({
  status,
  result,
}: {
  status: TPhoneStatus;
  result: ActionResult | undefined;
}) {
  const suggested =
    result?.values.phone ?? status.codeSentTo ?? (status.phoneVerified ? '' : status.phone);
  return (
    <PhoneStep
      titleId="phone-send-title"
      title={status.phoneVerified ? 'Change your phone number' : 'Verify your phone number'}
      intro={`We will send a ${phoneRules.codeLength}-character code by text message to the number you enter.`}
      intent="send-code"
      result={result}
      button="Send code"
    >
      <TextField
        label="Mobile number"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        defaultValue={suggested}
        hint="A Nigerian mobile number, e.g. 0803 123 4567 or +234 803 123 4567."
        error={result?.errors.phone}
      />
    </PhoneStep>
  );
}

/** Step two: the code from the text message. */
export function VerifyCodeForm({
  sentTo,
  result,
}: {
  /** Null when no code is waiting any more (it expired or was closed): the form still shows its answer. */
  sentTo: string | null;
  result: ActionResult | undefined;
}) {
  return (
    <PhoneStep
      id="verify-code"
      titleId="phone-verify-title"
      title="Enter the code"
      intro={
        sentTo
          ? `We sent a code to ${readablePhone(sentTo)}. It is valid for ${phoneRules.codeTtlMinutes} minutes. If it does not arrive, wait a minute and send a new one.`
          : 'No code is waiting: send a new one above.'
      }
      intent="verify"
      result={result}
      button="Verify"
    >
      <TextField
        label="Code from the text message"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        required
        error={result?.errors.code}
      />
    </PhoneStep>
  );
}

/**
 * Text messages about donations and complaints: the route's switch (`smsUpdatesSwitch`, posted
 * as a plain form), offered only with a verified number.
 */
export function SmsUpdatesSection({
  status,
  children,
}: {
  status: TPhoneStatus;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="phone-sms-title" className={cardClass}>
      <h2 id="phone-sms-title" className={headingClass}>
        Text messages
      </h2>
      {status.phoneVerified ? (
        children
      ) : (
        <p className="mt-3 text-slate-700">{phoneTexts.needsVerifiedPhone}</p>
      )}
    </section>
  );
}

/** What the text messages switch posts and says (account/choice-switch.tsx draws it). */
export const smsUpdatesSwitch = {
  id: 'sms-updates',
  intent: 'sms-updates',
  name: 'smsUpdates',
  label: phoneTexts.smsUpdatesLabel,
  onText:
    'On: we text you when your donation is received and when your complaint moves on. The texts never say anything about your health.',
  offText: 'Off: we only send these by email.',
};
