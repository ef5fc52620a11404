import type { TMoneyDonation } from '@ipatient/contracts/money';
import { moneyLimits } from '@ipatient/contracts/money-rules';
import { Undo2 } from 'lucide-react';
import { confirmHrefs } from '../../components/admin/confirm-action.tsx';
import { ConfirmStep, type StepClasses } from '../../components/admin/confirm-step.tsx';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { fundName, naira } from './money-text.tsx';

/** What a refused refund brings back to its row: the API's message, its field errors, what was typed. */
export interface RefundRefusal {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

/** The value of `?confirm=` and of the action's intent for a donation's refund. */
export const refundIntent = (donationId: string) => `refund:${donationId}`;

/**
 * Money a donation still holds that a refund can return (naira): what it brought the pot (the
 * amount less the payment provider's fee), less what was already refunded.
 */
export function refundable(
  donation: Pick<TMoneyDonation, 'status' | 'amount' | 'fee' | 'refunded'>,
) {
  if (donation.status !== 'succeeded') return 0;
  return Math.max(0, Math.round((donation.amount - donation.fee - donation.refunded) * 100) / 100);
}

const stepClasses: StepClasses = {
  section: 'mt-2 w-72 max-w-full rounded-xl border border-slate-300 bg-slate-50 p-4',
  title: 'font-bold text-slate-900',
  description: 'mt-1 mb-3 text-sm text-slate-700',
};

/**
 * Refund a paid donation, whole or in part, with a reason, after a confirmation: a dialog with
 * the page's script, the same form on the page without it (`?confirm=refund:<id>`). A refusal
 * (more than is left, money already paid out) opens the form on the page with the API's
 * message by the amount.
 */
export function RefundAction({
  donation,
  here,
  confirm,
  refused,
}: {
  donation: TMoneyDonation;
  /** The list as the admin sees it (filters and page), where the form returns. */
  here: string;
  /** The no-script step open on the page (`?confirm=`). */
  confirm: string | null;
  refused: RefundRefusal | undefined;
}) {
  const left = refundable(donation);
  if (left <= 0) return null;
  const value = refundIntent(donation._id);
  const hrefs = confirmHrefs(here, value);
  const pot = donation.campaignTitle ?? fundName;
  const id = `refund-${donation._id}`;
  // A refusal without a field of its own (money paid out, a refund under way) is about the amount.
  const amountError =
    refused &&
    (refused.errors.amount ??
      (Object.keys(refused.errors).length === 0 ? refused.message : undefined));
  return (
    <ConfirmStep
      id={id}
      stepId={`${id}-step`}
      label="Refund"
      subject={`donation ${donation.reference}`}
      title={`Refund donation ${donation.reference}?`}
      description={`The money leaves ${pot} at once and goes back to ${donation.donorName} through the payment service. Only money not paid out and not waiting for a payout can be refunded. The donor (and the campaign’s organiser) are emailed.`}
      confirmLabel="Send refund"
      action={hrefs.cancelHref}
      fields={{ intent: value, returnTo: hrefs.cancelHref }}
      confirmHref={hrefs.confirmHref}
      cancelHref={hrefs.cancelHref}
      confirming={confirm === value || refused !== undefined}
      icon={<Undo2 aria-hidden="true" className="h-4 w-4" />}
      tone="danger"
      stepClasses={stepClasses}
      formClassName="space-y-4"
    >
      {({ where, buttons }) => (
        <>
          <TextField
            id={`${id}-${where}-amount`}
            name="amount"
            label="Amount to refund (naira)"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={refused?.values.amount ?? String(left)}
            hint={
              donation.fee > 0
                ? `At most ${naira(left)} of ${naira(donation.amount)} (the payment provider kept its fee of ${naira(donation.fee)}); leave empty for all of it.`
                : `At most ${naira(left)} of ${naira(donation.amount)}; leave empty for all of it.`
            }
            error={where === 'page' ? amountError : undefined}
          />
          <TextAreaField
            id={`${id}-${where}-reason`}
            name="reason"
            label="Reason for the refund"
            hint="Seen by admins only; the donor is told the amount."
            required
            maxLength={moneyLimits.reasonMax}
            rows={3}
            defaultValue={refused?.values.reason}
            error={where === 'page' ? refused?.errors.reason : undefined}
          />
          <div className="flex flex-wrap gap-3">{buttons}</div>
        </>
      )}
    </ConfirmStep>
  );
}
