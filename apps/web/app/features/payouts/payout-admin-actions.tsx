import { moneyLimits } from '@ipatient/contracts/money-rules';
import type { TPayout } from '@ipatient/contracts/payouts';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import {
  ActionCard,
  ActionsPanel,
  actionButtonClass,
} from '../../components/admin/action-card.tsx';
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
      <ActionCard
        key="approve"
        intent="approve"
        title="Approve"
        hint="Check the amount against the bill first. A different admin must release it."
        submit={{ label: 'Approve payout' }}
      />,
    );
  }
  if (status === 'approved') {
    forms.push(
      <ActionCard
        key="release"
        intent="release"
        title="Release"
        hint="Starts the bank transfer. Not by the admin who approved or requested it."
        submit={{ label: 'Release payout' }}
      />,
    );
  }
  if (status === 'otp') {
    forms.push(
      <ActionCard
        key="finalize"
        intent="finalize"
        title="Enter the transfer code"
        hint={
          sandbox
            ? 'Sandbox: the code is 123456'
            : 'The bank sent a code (OTP) to finish the transfer.'
        }
        submit={{ label: 'Finish the transfer' }}
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
      </ActionCard>,
    );
  }
  if (status === 'requested' || status === 'approved') {
    forms.push(
      <ActionCard
        key="reject"
        intent="reject"
        title="Refuse"
        submit={{ label: 'Refuse payout', tone: 'danger' }}
      >
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
      </ActionCard>,
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
    <ActionsPanel id="payout-actions">
      {forms.length > 0 ? (
        forms
      ) : (
        <p className="text-slate-700">
          {status === 'processing'
            ? 'The transfer is with the bank: its answer updates this payout.'
            : 'Nothing more can be done with this payout.'}
        </p>
      )}
    </ActionsPanel>
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
      <button type="submit" className={actionButtonClass(danger ? 'danger' : 'primary')}>
        {label}
      </button>
    </Form>
  );
}
