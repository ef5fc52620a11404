import type { TRefund } from '@ipatient/contracts/money';
import { RotateCw } from 'lucide-react';
import { Form } from 'react-router';
import { ConfirmAction, confirmHrefs } from '../../components/admin/confirm-action.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { CsrfField } from '../../lib/session.tsx';

/** The intents of the refunds list's action, each with the refund's id after a colon. */
export const refundListIntents = ['retry', 'settle-processed', 'settle-failed'] as const;
export type RefundListIntent = (typeof refundListIntents)[number];

/** "retry:<id>" → its intent and id; undefined for anything else. */
export function readRefundIntent(
  value: string,
): { intent: RefundListIntent; id: string } | undefined {
  const [intent, id] = value.split(':');
  if (!id || !(refundListIntents as readonly string[]).includes(intent ?? '')) return undefined;
  return { intent: intent as RefundListIntent, id };
}

/** A pending refund the payment service never acknowledged can be sent again. */
export const canRetry = (refund: TRefund) =>
  refund.status === 'pending' && !refund.providerRefundId;
/** A pending refund the sandbox bank holds can be settled by hand (sandbox sites only). */
export const canSettle = (refund: TRefund) =>
  refund.status === 'pending' && Boolean(refund.providerRefundId);

function SettleButton({
  refund,
  intent,
  label,
  danger,
  returnTo,
}: {
  refund: TRefund;
  intent: RefundListIntent;
  label: string;
  danger?: boolean;
  returnTo: string;
}) {
  return (
    <Form method="post" action={returnTo} reloadDocument>
      <CsrfField />
      <input type="hidden" name="intent" value={`${intent}:${refund._id}`} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        aria-label={`${label}: refund of ${refund.donationReference}`}
        className={
          danger
            ? buttonClass('secondary', 'min-h-10 border-red-700 px-4 text-red-800 hover:bg-red-50')
            : buttonClass('secondary', 'min-h-10 px-4')
        }
      >
        {label}
      </button>
    </Form>
  );
}

/**
 * What can be done with a refund of the list: send again one the payment service never
 * acknowledged (after a confirmation: check its dashboard first), and on the sandbox only, play
 * the bank for one it holds (processed or failed, with its signed webhook).
 */
export function RefundActions({
  refund,
  here,
  confirm,
  sandbox,
}: {
  refund: TRefund;
  here: string;
  confirm: string | null;
  sandbox: boolean;
}) {
  if (canRetry(refund)) {
    const value = `retry:${refund._id}`;
    const hrefs = confirmHrefs(here, value);
    return (
      <ConfirmAction
        id={`retry-${refund._id}`}
        label="Retry"
        subject={`refund of ${refund.donationReference}`}
        title="Send this refund again?"
        description="The payment service never answered it. Check its dashboard first: if it has this refund, wait for its answer instead of sending it twice."
        confirmLabel="Send again"
        action={hrefs.cancelHref}
        fields={{ intent: value, returnTo: hrefs.cancelHref }}
        confirmHref={hrefs.confirmHref}
        cancelHref={hrefs.cancelHref}
        confirming={confirm === value}
        icon={<RotateCw aria-hidden="true" className="h-4 w-4" />}
        tone="primary"
      />
    );
  }
  if (sandbox && canSettle(refund)) {
    return (
      <div className="space-y-2">
        <p className="text-xs font-semibold text-amber-900">Sandbox bank</p>
        <div className="flex flex-wrap gap-2">
          <SettleButton
            refund={refund}
            intent="settle-processed"
            label="Mark processed"
            returnTo={here}
          />
          <SettleButton
            refund={refund}
            intent="settle-failed"
            label="Mark failed"
            danger
            returnTo={here}
          />
        </div>
      </div>
    );
  }
  return null;
}
