import { phoneRules, phoneTexts, type TPhoneStatus } from '@ipatient/contracts/phone';
import { CircleAlert, CircleCheck } from 'lucide-react';
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
    <section aria-labelledby="phone-send-title" className={cardClass}>
      <h2 id="phone-send-title" className={headingClass}>
        {status.phoneVerified ? 'Change your phone number' : 'Verify your phone number'}
      </h2>
      <p className="mt-3 text-slate-700">
        We will send a {phoneRules.codeLength}-character code by text message to the number you
        enter.
      </p>
      <Form method="post" className="mt-5 space-y-4">
        <CsrfField />
        <input type="hidden" name="intent" value="send-code" />
        <FormAlert message={result?.message} />
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
        <button type="submit" className={buttonClass('primary')}>
          Send code
        </button>
      </Form>
    </section>
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
    <section
      id="verify-code"
      aria-labelledby="phone-verify-title"
      className={`scroll-mt-24 ${cardClass}`}
    >
      <h2 id="phone-verify-title" className={headingClass}>
        Enter the code
      </h2>
      <p className="mt-3 text-slate-700">
        {sentTo
          ? `We sent a code to ${readablePhone(sentTo)}. It is valid for ${phoneRules.codeTtlMinutes} minutes. If it does not arrive, wait a minute and send a new one.`
          : 'No code is waiting: send a new one above.'}
      </p>
      <Form method="post" className="mt-5 space-y-4">
        <CsrfField />
        <input type="hidden" name="intent" value="verify" />
        <FormAlert message={result?.message} />
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
        <button type="submit" className={buttonClass('primary')}>
          Verify
        </button>
      </Form>
    </section>
  );
}

/**
 * The choice of texts about donations and complaints: a switch that posts the other state, so
 * it works as a plain form without JavaScript. Offered only with a verified number.
 */
export function SmsUpdatesForm({
  status,
  result,
}: {
  status: TPhoneStatus;
  result: ActionResult | undefined;
}) {
  const on = status.smsUpdates;
  return (
    <section aria-labelledby="phone-sms-title" className={cardClass}>
      <h2 id="phone-sms-title" className={headingClass}>
        Text messages
      </h2>
      {status.phoneVerified ? (
        <Form method="post" className="mt-4 space-y-4">
          <CsrfField />
          <input type="hidden" name="intent" value="sms-updates" />
          <FormAlert message={result?.message} />
          <div className="flex items-center justify-between gap-4">
            <span id="sms-updates-label" className="font-medium text-slate-900">
              {phoneTexts.smsUpdatesLabel}
            </span>
            <button
              type="submit"
              role="switch"
              aria-checked={on}
              aria-labelledby="sms-updates-label"
              aria-describedby="sms-updates-state"
              name="smsUpdates"
              value={on ? 'false' : 'true'}
              className="relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 border-transparent bg-slate-400 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-checked:bg-brand-700"
            >
              <span
                aria-hidden="true"
                className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-0'}`}
              />
            </button>
          </div>
          <p id="sms-updates-state" className="text-sm text-slate-700">
            {on
              ? 'On: we text you when your donation is received and when your complaint moves on. The texts never say anything about your health.'
              : 'Off: we only send these by email.'}
          </p>
        </Form>
      ) : (
        <p className="mt-3 text-slate-700">{phoneTexts.needsVerifiedPhone}</p>
      )}
    </section>
  );
}
