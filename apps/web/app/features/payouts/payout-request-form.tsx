import { type CampaignDocumentKind, documentKindLabels } from '@ipatient/contracts/evidence-rules';
import { moneyLimits, type PayeeKind } from '@ipatient/contracts/money-rules';
import type { TCampaignPayouts } from '@ipatient/contracts/payouts';
import { Form } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { formatPayoutAmount } from './payout-text.tsx';

/** A document of the campaign the bill may be chosen from. */
export interface BillOption {
  id: string;
  kind: CampaignDocumentKind;
  fileName: string;
}

type Payees = TCampaignPayouts['payees'];

const payeeLabels: Record<PayeeKind, string> = {
  hospital: 'The hospital',
  beneficiary: 'The campaign’s bank account',
};

/** Who can be paid, and why the other one cannot: a radio when both can, else a sentence. */
function PayeeChoice({
  payees,
  chosen,
  error,
}: {
  payees: Payees;
  chosen: string | undefined;
  error: string | undefined;
}) {
  const kinds = (['hospital', 'beneficiary'] as const).filter((kind) => payees[kind].allowed);
  const refusals = (['hospital', 'beneficiary'] as const)
    .filter((kind) => !payees[kind].allowed && payees[kind].reason)
    .map((kind) => ({ kind, reason: payees[kind].reason as string }));
  const selected = chosen || payees.defaultPayee || kinds[0];
  return (
    <div className="space-y-2">
      {kinds.length > 1 ? (
        <fieldset aria-describedby={error ? 'payee-error' : undefined}>
          <legend className="block text-sm font-semibold text-slate-900">Pay to</legend>
          <div className="mt-2 space-y-2">
            {kinds.map((kind) => (
              <label key={kind} className="flex min-h-11 items-center gap-3 text-slate-900">
                <input
                  type="radio"
                  name="payee"
                  value={kind}
                  id={`payee-${kind}`}
                  defaultChecked={selected === kind}
                  className="h-5 w-5 accent-brand-700"
                />
                <span>
                  {payeeLabels[kind]}
                  {payees[kind].name ? `: ${payees[kind].name}` : ''}
                  {payees.defaultPayee === kind ? ' (suggested)' : ''}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : kinds[0] ? (
        <p className="text-slate-800">
          <span className="font-semibold">Paid to:</span> {payeeLabels[kinds[0]]}
          {payees[kinds[0]].name ? `: ${payees[kinds[0]].name}` : ''}
          <input type="hidden" name="payee" value={kinds[0]} />
        </p>
      ) : null}
      {refusals.map(({ kind, reason }) => (
        <p key={kind} className="text-sm text-slate-700">
          {payeeLabels[kind]} cannot be paid: {reason}
        </p>
      ))}
      {error ? (
        <p id="payee-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The organiser's request: an amount up to the available balance, what it pays for, the bill it
 * pays and, when both may be paid, who receives it. A plain form posting to the page.
 */
export function PayoutRequestForm({
  available,
  payees,
  bills,
  result,
}: {
  available: number;
  payees: Payees;
  bills: readonly BillOption[] | null;
  result: ActionResult | undefined;
}) {
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  return (
    <Form
      method="post"
      reloadDocument
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby="request-title"
    >
      <h2 id="request-title" className="text-xl font-bold text-slate-900">
        Request a payout
      </h2>
      <FormAlert message={result?.ok === false ? result.message : undefined} />
      <CsrfField />
      <input type="hidden" name="intent" value="request" />
      <TextField
        label="Amount (naira)"
        name="amount"
        inputMode="decimal"
        required
        autoComplete="off"
        defaultValue={values.amount}
        error={errors.amount}
        hint={`At most ${formatPayoutAmount(available)}, the money available now.`}
      />
      <TextAreaField
        label="What it pays for"
        name="purpose"
        rows={3}
        required
        minLength={moneyLimits.purposeMin}
        maxLength={moneyLimits.purposeMax}
        defaultValue={values.purpose}
        error={errors.purpose}
        hint="For example: the surgery deposit on the hospital’s bill."
      />
      {bills === null ? (
        <TextField
          label="Bill document id"
          name="billDocumentId"
          required
          defaultValue={values.billDocumentId}
          error={errors.billDocumentId}
          hint="Your campaign’s documents could not be loaded: paste the id of the bill."
        />
      ) : (
        <SelectField
          label="The bill it pays"
          name="billDocumentId"
          required
          defaultValue={values.billDocumentId ?? ''}
          error={errors.billDocumentId}
          hint={
            bills.length === 0
              ? 'Your campaign has no documents yet: add the bill when you edit the campaign.'
              : 'A bill or invoice attached to your campaign.'
          }
        >
          <option value="">Choose a document</option>
          {bills.map((bill) => (
            <option key={bill.id} value={bill.id}>
              {documentKindLabels[bill.kind]}: {bill.fileName}
            </option>
          ))}
        </SelectField>
      )}
      <PayeeChoice payees={payees} chosen={values.payee} error={errors.payee} />
      <p className="text-sm text-slate-700">
        Large payouts go only to a verified hospital account. The amount is held as soon as you ask;
        an admin checks it against the bill and a different admin releases the transfer.
      </p>
      <button type="submit" className={buttonClass('primary')}>
        Request payout
      </button>
    </Form>
  );
}
