import { moneyLimits } from '@ipatient/contracts/money-rules';
import type { TPayout } from '@ipatient/contracts/payouts';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { type ActionResult, resultFor } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

/** The intents the admin payout page's action takes. */
export const payoutAdminIntents = [
  'approve',
  'reject',
  'release',
  'finalize',
  'settle-success',
  'settle-failed',
  'settle-reversed',
] as const;
export type PayoutAdminIntent = (typeof payoutAdminIntents)[number];

const dangerButton = buttonClass('secondary', 'border-red-700 text-red-800 hover:bg-red-50');

function ActionForm({
  intent,
  children,
  title,
  hint,
}: {
  intent: PayoutAdminIntent;
  children: ReactNode;
  title?: string;
  hint?: ReactNode;
}) {
  return (
    <Form
      method="post"
      reloadDocument
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {title ? <h3 className="font-bold text-slate-900">{title}</h3> : null}
      {hint ? <p className="text-sm text-slate-700">{hint}</p> : null}
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/**
 * What an admin may do with the payout now: approve or refuse a requested one, release or refuse
 * an approved one, enter the transfer code while the bank waits for it and, on the sandbox only,
 * play the bank (paid, failed, reversed). The API checks the two keys again.
 */
export function PayoutAdminActions({
  payout,
  sandbox,
  result,
}: {
  payout: TPayout;
  sandbox: boolean;
  result: ActionResult | undefined;
}) {
  const { status } = payout;
  const reject = resultFor(result, 'reject');
  const finalize = resultFor(result, 'finalize');
  const forms: ReactNode[] = [];
  if (status === 'requested') {
    forms.push(
      <ActionForm
        key="approve"
        intent="approve"
        title="Approve"
        hint="Check the amount against the bill first. A different admin must release it."
      >
        <button type="submit" className={buttonClass('primary')}>
          Approve payout
        </button>
      </ActionForm>,
    );
  }
  if (status === 'approved') {
    forms.push(
      <ActionForm
        key="release"
        intent="release"
        title="Release"
        hint="Starts the bank transfer. Not by the admin who approved or requested it."
      >
        <button type="submit" className={buttonClass('primary')}>
          Release payout
        </button>
      </ActionForm>,
    );
  }
  if (status === 'otp') {
    forms.push(
      <ActionForm
        key="finalize"
        intent="finalize"
        title="Enter the transfer code"
        hint={
          sandbox
            ? 'Sandbox: the code is 123456'
            : 'The bank sent a code (OTP) to finish the transfer.'
        }
      >
        <TextField
          label="Transfer code (OTP)"
          name="otp"
          id="payout-otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={moneyLimits.otpPattern.source.replace(/^\^|\$$/g, '')}
          required
          error={finalize?.errors.otp ?? (finalize?.ok === false ? finalize.message : undefined)}
        />
        <button type="submit" className={buttonClass('primary')}>
          Finish the transfer
        </button>
      </ActionForm>,
    );
  }
  if (status === 'requested' || status === 'approved') {
    forms.push(
      <ActionForm key="reject" intent="reject" title="Refuse">
        <TextAreaField
          label="Reason (sent to the organiser)"
          name="reason"
          id="payout-reason"
          rows={3}
          required
          minLength={3}
          maxLength={moneyLimits.reasonMax}
          defaultValue={reject?.values.reason}
          error={reject?.errors.reason ?? (reject?.ok === false ? reject.message : undefined)}
        />
        <button type="submit" className={dangerButton}>
          Refuse payout
        </button>
      </ActionForm>,
    );
  }
  if (sandbox && (status === 'processing' || status === 'paid')) {
    forms.push(
      <div key="sandbox" className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4">
        <h3 className="font-bold text-amber-900">Sandbox bank</h3>
        <p className="text-sm text-amber-900">
          Only on the sandbox: decide the transfer as the bank would, with its signed webhook.
        </p>
        <div className="flex flex-wrap gap-3">
          {status === 'processing' ? (
            <>
              <SettleButton intent="settle-success" label="Mark paid" />
              <SettleButton intent="settle-failed" label="Mark failed" danger />
            </>
          ) : (
            <SettleButton intent="settle-reversed" label="Reverse" danger />
          )}
        </div>
      </div>,
    );
  }
  return (
    <aside aria-labelledby="payout-actions" className="space-y-4">
      <h2 id="payout-actions" className="text-xl font-bold text-slate-900">
        Actions
      </h2>
      {forms.length > 0 ? (
        forms
      ) : (
        <p className="text-slate-700">
          {status === 'processing'
            ? 'The transfer is with the bank: its answer updates this payout.'
            : 'Nothing more can be done with this payout.'}
        </p>
      )}
    </aside>
  );
}

function SettleButton({
  intent,
  label,
  danger,
}: {
  intent: PayoutAdminIntent;
  label: string;
  danger?: boolean;
}) {
  return (
    <Form method="post" reloadDocument>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={danger ? dangerButton : buttonClass('primary')}>
        {label}
      </button>
    </Form>
  );
}
