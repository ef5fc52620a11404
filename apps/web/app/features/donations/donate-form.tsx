import { donationPresets } from '@ipatient/contracts/constants';
import { formatNaira } from '@ipatient/contracts/format';
import { HeartHandshake } from 'lucide-react';
import { KeptDraftNote } from '../../components/forms/kept-draft-note.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { donationLimits } from './donation-types.ts';
import { FeeLines } from './fee-lines.tsx';

/** The intent of the donate form on the campaign page's action. */
export const donateIntent = 'donate';

interface DonateFormProps {
  /** Where the form posts: the campaign page (its action starts the payment). */
  action: string;
  /** A failed donation: the server's message and field errors, and what was typed. */
  result: ActionResult | undefined;
  /** Prefixes the field ids (the dialog's form and the inline one never show together). */
  idPrefix: string;
  /** What was typed before logging in again, kept for this page (filled in once, with a note). */
  kept?: Record<string, string> | null | undefined;
  /** A gift to the Green-Heart fund (its page lists the gift, not a campaign's). */
  fund?: boolean;
  /** A signed-in donor's name and email, filled in for them (what they typed wins). */
  donor?: { name: string; email: string } | null | undefined;
}

/**
 * The donate form: a preset amount or another one (whole naira), name or 'Give anonymously',
 * the email for the receipt and an optional message. A plain form: posting it sends the browser
 * to the payment page, with or without script.
 */
export function DonateForm({
  action,
  result,
  idPrefix,
  kept,
  fund = false,
  donor,
}: DonateFormProps) {
  const shownOn = fund ? "the fund's page" : 'the campaign page';
  const failed = result?.ok === false ? result : undefined;
  const errors = failed?.errors ?? {};
  const values: Record<string, string | undefined> = failed?.values ??
    kept ?? { name: donor?.name, email: donor?.email };
  const chosen = values.amount ?? '';
  const amountErrorId = `${idPrefix}-amount-error`;
  // The first of the radios takes the focus, like a field with an error does.
  return (
    <form method="post" action={action} className="space-y-5" data-fee-form="">
      <CsrfField />
      <input type="hidden" name="intent" value={donateIntent} />
      <KeptDraftNote shown={!failed && !!kept} />
      <FormAlert message={failed?.message} />
      <fieldset aria-describedby={errors.amount ? amountErrorId : undefined}>
        <legend className="text-sm font-semibold text-slate-900">Amount</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {donationPresets.map((preset) => (
            <label key={preset} className="relative">
              <input
                type="radio"
                name="amount"
                value={preset}
                defaultChecked={chosen === String(preset)}
                className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
              />
              <span className="flex min-h-12 items-center justify-center rounded-xl border border-slate-500 bg-white px-3 font-semibold text-slate-900 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700">
                {formatNaira(preset)}
              </span>
            </label>
          ))}
        </div>
        {errors.amount ? (
          <p id={amountErrorId} className="mt-1.5 text-sm font-medium text-red-700">
            {errors.amount}
          </p>
        ) : null}
      </fieldset>
      <TextField
        id={`${idPrefix}-custom-amount`}
        label="Or another amount (₦)"
        name="customAmount"
        inputMode="numeric"
        autoComplete="off"
        hint={`Whole naira, from ${formatNaira(donationLimits.amountMin)} to ${formatNaira(donationLimits.amountMax)}. When filled in, it is the amount given.`}
        defaultValue={values.customAmount}
        error={errors.customAmount}
      />
      <FeeLines
        idPrefix={idPrefix}
        coverFee={values.coverFee === 'on'}
        to={fund ? 'the fund' : 'the campaign'}
      />
      <TextField
        id={`${idPrefix}-name`}
        label="Your name"
        name="name"
        autoComplete="name"
        maxLength={donationLimits.nameMax}
        hint={`Shown with your donation on ${shownOn}.`}
        defaultValue={values.name}
        error={errors.name}
      />
      <div className="flex items-start gap-3">
        <input
          id={`${idPrefix}-anonymous`}
          type="checkbox"
          name="anonymous"
          defaultChecked={values.anonymous === 'on'}
          aria-describedby={`${idPrefix}-anonymous-hint`}
          className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor={`${idPrefix}-anonymous`} className="font-semibold text-slate-900">
            Give anonymously
          </label>
          <p id={`${idPrefix}-anonymous-hint`} className="text-sm text-slate-600">
            {fund ? "The fund's page" : 'The campaign page'} shows 'Anonymous' instead of your name.
          </p>
        </div>
      </div>
      <TextField
        id={`${idPrefix}-email`}
        label="Email for your receipt"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={values.email}
        error={errors.email}
      />
      <TextAreaField
        id={`${idPrefix}-message`}
        label="Message of support (optional)"
        name="message"
        rows={3}
        maxLength={donationLimits.messageMax}
        hint={`Up to ${donationLimits.messageMax} characters, shown with your donation.`}
        defaultValue={values.message}
        error={errors.message}
      />
      <div className="flex items-start gap-3">
        <input
          id={`${idPrefix}-keep-informed`}
          type="checkbox"
          name="keepInformed"
          defaultChecked={values.keepInformed === 'on'}
          aria-describedby={`${idPrefix}-keep-informed-hint`}
          className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor={`${idPrefix}-keep-informed`} className="font-semibold text-slate-900">
            Email me how the money is used
          </label>
          <p id={`${idPrefix}-keep-informed-hint`} className="text-sm text-slate-600">
            Only news of where this gift goes, never newsletters.
          </p>
        </div>
      </div>
      <button type="submit" className={buttonClass('primary', 'w-full')}>
        <HeartHandshake aria-hidden="true" className="h-5 w-5" />
        Continue to payment
      </button>
      <p className="text-sm text-slate-600">
        You pay on the payment provider's secure page, then come back here.
      </p>
    </form>
  );
}
