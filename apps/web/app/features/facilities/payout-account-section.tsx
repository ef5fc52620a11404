import type { TFacilityPayoutAccount } from '@ipatient/contracts/facilities';
import { BadgeCheck, Trash2 } from 'lucide-react';
import { Form } from 'react-router';
import { ConfirmAction, confirmHrefs } from '../../components/admin/confirm-action.tsx';
import { formatDateTime } from '../../components/admin/format-date-time.ts';
import { StatusPill } from '../../components/admin/status-pill.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

/** The intents of the section's forms, on the facility edit page. */
export const payoutIntents = {
  save: 'payout-save',
  verify: 'payout-verify',
  remove: 'payout-remove',
} as const;

export interface PayoutBankChoice {
  code: string;
  name: string;
}

interface PayoutAccountSectionProps {
  /** The facility edit page, whose action handles the intents. */
  action: string;
  facilityName: string;
  account: TFacilityPayoutAccount | null;
  /** The bank list in the wizard's order: the most used banks, then every other A–Z. */
  banks: { mostUsed: PayoutBankChoice[]; others: PayoutBankChoice[] };
  /** Payments are the sandbox: its bank lookup makes names up, so the admin may confirm one. */
  sandbox: boolean;
  /** The signed-in admin: the one who added the account may not verify it. */
  viewerId: string;
  /** The answer to the save form, when it was sent. */
  result: ActionResult | undefined;
  current: string;
  confirming: string | null;
}

function AccountDetails({ account }: { account: TFacilityPayoutAccount }) {
  const verified = account.status === 'verified';
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-semibold text-slate-900">Bank</dt>
        <dd className="text-slate-700">{account.bankName}</dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900">Account number</dt>
        <dd className="font-mono text-slate-700">{account.accountNumber}</dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900">Name at the bank</dt>
        <dd className="text-slate-700" data-account-name="">
          {account.accountName}
          {account.nameMatches ? null : (
            <span className="mt-1 block text-amber-900">
              {account.lookupProvider === 'sandbox'
                ? 'Made up by the sandbox: accepted because an admin confirmed the account is the facility’s.'
                : 'This name no longer matches the facility’s name. Check the account before any payout.'}
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900">Status</dt>
        <dd className="text-slate-700">
          <StatusPill tone={verified ? 'success' : 'warning'}>
            {verified ? 'Verified' : 'Waiting for a second admin'}
          </StatusPill>
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900">Added</dt>
        <dd className="text-slate-700">
          {account.addedBy?.name ? `By ${account.addedBy.name}, ` : ''}
          {formatDateTime(account.addedAt)}
        </dd>
      </div>
      {verified && account.verifiedAt ? (
        <div>
          <dt className="font-semibold text-slate-900">Verified</dt>
          <dd className="text-slate-700">
            {account.verifiedBy?.name ? `By ${account.verifiedBy.name}, ` : ''}
            {formatDateTime(account.verifiedAt)}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * A facility's payout account on its edit page: the account with its status, Verify (a second
 * admin) and Remove, and the form that sets or replaces it. Every form is a plain POST with its
 * intent, so the section works before (and without) the page's script.
 */
export function PayoutAccountSection(props: PayoutAccountSectionProps) {
  const { action, facilityName, account, banks, sandbox, viewerId, result } = props;
  const failed = result?.ok === false ? result : undefined;
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? {};
  const chosenBank = values.bankCode ?? account?.bankCode ?? '';
  const addedByMe = account?.addedBy?._id === viewerId;
  const bankOptions = (list: PayoutBankChoice[]) =>
    list.map((bank) => (
      <option key={bank.code} value={bank.code}>
        {bank.name}
      </option>
    ));
  return (
    <section
      aria-labelledby="payout-account"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="space-y-1">
        <h2 id="payout-account" className="text-lg font-bold text-slate-900">
          Payout account
        </h2>
        <p className="text-sm text-slate-700">
          Campaigns for patients treated here can be paid straight into this account. Its name comes
          from the bank and must be the facility’s; a second admin verifies it before any payout.
        </p>
      </div>
      {account ? (
        <div className="space-y-4">
          <AccountDetails account={account} />
          {sandbox ? (
            <p className="text-sm text-slate-600">
              Sandbox: nothing is paid into this account for real.
            </p>
          ) : null}
          <div className="flex flex-wrap items-start gap-3">
            {account.status === 'unverified' ? (
              addedByMe ? (
                <p className="text-sm font-medium text-slate-800">
                  You added this account: another admin must verify it.
                </p>
              ) : (
                <ConfirmAction
                  id="verify-payout-account"
                  tone="primary"
                  label="Verify account"
                  title="Verify this payout account?"
                  description={`You confirm that ${account.accountName} at ${account.bankName} is ${facilityName}’s own account. Donations can then be paid straight into it.`}
                  confirmLabel="Yes, verify account"
                  action={action}
                  fields={{ intent: payoutIntents.verify }}
                  {...confirmHrefs(props.current, 'verify-payout')}
                  confirming={props.confirming === 'verify-payout'}
                  icon={<BadgeCheck aria-hidden="true" className="h-4 w-4" />}
                />
              )
            ) : null}
            <ConfirmAction
              id="remove-payout-account"
              label="Remove account"
              title="Remove this payout account?"
              description={`${facilityName} can no longer be paid directly until an account is added and verified again.`}
              confirmLabel="Yes, remove account"
              action={action}
              fields={{ intent: payoutIntents.remove }}
              {...confirmHrefs(props.current, 'remove-payout')}
              confirming={props.confirming === 'remove-payout'}
              icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            />
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          No payout account yet: campaigns here are paid to the beneficiary’s account.
        </p>
      )}
      <Form method="post" action={action} reloadDocument className="space-y-4">
        <CsrfField />
        <input type="hidden" name="intent" value={payoutIntents.save} />
        <h3 className="font-bold text-slate-900">
          {account ? 'Replace the account' : 'Add the account'}
        </h3>
        {account ? (
          <p className="text-sm text-slate-700">
            A new account replaces this one and must be verified again.
          </p>
        ) : null}
        <FormAlert message={failed?.message} />
        <SelectField
          id="payout-bankCode"
          name="bankCode"
          label="Bank"
          required
          defaultValue={chosenBank}
          error={errors.bankCode}
        >
          <option value="">Choose a bank</option>
          <optgroup label="Most used">{bankOptions(banks.mostUsed)}</optgroup>
          <optgroup label="All other banks (A–Z)">{bankOptions(banks.others)}</optgroup>
        </SelectField>
        <TextField
          id="payout-accountNumber"
          name="accountNumber"
          label="Account number"
          required
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]{10}"
          maxLength={10}
          hint="10 digits. We look the name up at the bank."
          defaultValue={values.accountNumber ?? ''}
          error={errors.accountNumber}
        />
        {sandbox ? (
          <div className="flex items-start gap-3">
            <input
              id="payout-confirmNameMatches"
              name="confirmNameMatches"
              type="checkbox"
              value="true"
              defaultChecked={values.confirmNameMatches === 'true'}
              aria-describedby="payout-confirmNameMatches-hint"
              className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
            />
            <div>
              <label
                htmlFor="payout-confirmNameMatches"
                className="text-sm font-semibold text-slate-900"
              >
                The account name matches the facility
              </label>
              <p id="payout-confirmNameMatches-hint" className="text-sm text-slate-600">
                Sandbox only: its bank lookup makes names up. Tick this once you have checked the
                account with the facility. With Paystack the bank’s name must match.
              </p>
            </div>
          </div>
        ) : null}
        <button type="submit" className={buttonClass('primary')}>
          Look up and save account
        </button>
      </Form>
    </section>
  );
}
