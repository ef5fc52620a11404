import { bankChoiceGroups, bankMatches } from '@ipatient/contracts/bank-choices';
import { campaignLimits, needsConsent } from '@ipatient/contracts/campaign-rules';
import { beneficiaryTypes } from '@ipatient/contracts/constants';
import { accountNameMismatchText, accountNameOwner } from '@ipatient/contracts/evidence-rules';
import { BadgeCheck, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { inputClass, SelectField, TextField } from '../../components/ui/form-field.tsx';
import { RadioCards } from './choice-fields.tsx';
import { ConsentFields } from './health-details-fields.tsx';
import {
  beneficiaryName,
  type VerifiedAccount,
  type WizardErrors,
  type WizardValues,
} from './wizard-model.ts';

/** A bank as the list shows it: the page carries the whole list, so nothing else travels. */
export interface BankOption {
  name: string;
  code: string;
}

/** The banks as the wizard's page carries them (the API also gives each one an id). */
export const bankOptions = (banks: readonly BankOption[]): BankOption[] =>
  banks.map(({ name, code }) => ({ name, code }));

const beneficiaryLabels: Record<(typeof beneficiaryTypes)[number], string> = {
  yourself: 'Yourself',
  'someone else': 'Someone else',
  charity: 'Charity',
};

interface BeneficiaryStepProps {
  values: WizardValues;
  errors: WizardErrors;
  banks: readonly BankOption[];
  banksError: string | undefined;
  enhanced: boolean;
  /** The verified account, when it is the one in the form. */
  account: VerifiedAccount | null;
  /** The organiser's name, which the account may carry. */
  organiser: string;
  checking: boolean;
  /** A failed check that is not about one field (the bank could not be reached). */
  checkProblem: string | undefined;
  onVerify(): void;
}

/**
 * Step 3: who the campaign is for and the account the money goes to. The beneficiary's name is
 * asked once (the campaign is shown as "Save {name}"; the first and last names the API keeps are
 * taken from it when the campaign is sent); the account name comes from the bank ("Verify
 * account"), never from the organiser's typing (docs/product.md#campaigns).
 */
export function BeneficiaryStep({
  values,
  errors,
  banks,
  banksError,
  enhanced,
  account,
  organiser,
  checking,
  checkProblem,
  onVerify,
}: BeneficiaryStepProps) {
  const [bankQuery, setBankQuery] = useState('');
  // Before the JavaScript runs the whole list shows: the search box needs the script.
  const { mostUsed, others } = bankChoiceGroups(banks, enhanced ? bankQuery : '', values.bankCode);
  const shownBanks = banks.filter((bank) => bankMatches(bank, bankQuery)).length;
  const onBankQueryKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter in the search box would send the form (Next): it moves on to the list instead.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    document.getElementById('campaign-bankCode')?.focus();
  };
  return (
    <div className="space-y-6">
      <RadioCards
        name="beneficiaryType"
        legend="Who will benefit from the funds? (optional)"
        choices={beneficiaryTypes}
        labels={beneficiaryLabels}
        checked={values.beneficiaryType}
        error={errors.beneficiaryType}
        grid="sm:grid-cols-3"
      />

      <TextField
        id="campaign-fundraisingFor"
        name="fundraisingFor"
        label="Beneficiary's name"
        required
        autoComplete="off"
        maxLength={campaignLimits.fundraisingForMax}
        defaultValue={values.fundraisingFor}
        error={errors.fundraisingFor}
        hint='The person or charity the money is for. Your campaign is shown as "Save …" with this name, e.g. Save Baby Tolu.'
      />

      <ConsentFields
        values={values}
        errors={errors}
        hidden={enhanced && !needsConsent(values.beneficiaryType)}
      />

      <fieldset className="space-y-5 rounded-2xl border border-slate-200 p-4 sm:p-5">
        <legend className="px-1 text-base font-bold text-slate-900">
          Bank account that receives the funds
        </legend>
        {enhanced ? (
          <div>
            <label
              htmlFor="campaign-bankQuery"
              className="block text-sm font-semibold text-slate-900"
            >
              Find your bank
            </label>
            <input
              id="campaign-bankQuery"
              type="search"
              autoComplete="off"
              value={bankQuery}
              onChange={(event) => setBankQuery(event.target.value)}
              onKeyDown={onBankQueryKey}
              aria-describedby="campaign-bankQuery-count"
              className={inputClass}
            />
            <p
              id="campaign-bankQuery-count"
              aria-live="polite"
              className="mt-1.5 text-sm text-slate-600"
            >
              {bankQuery.trim() === ''
                ? 'Type part of the name (e.g. GTBank, OPay) to shorten the list below.'
                : shownBanks === 0
                  ? 'No bank has that name. Check the spelling or clear the search.'
                  : `${shownBanks} ${shownBanks === 1 ? 'bank matches' : 'banks match'}: choose it in the list below.`}
            </p>
          </div>
        ) : null}
        <SelectField
          id="campaign-bankCode"
          name="bankCode"
          label="Bank"
          required
          defaultValue={values.bankCode}
          error={errors.bankCode ?? banksError}
        >
          <option value="">Choose a bank</option>
          {mostUsed.length > 0 ? (
            <optgroup label="Most used">
              {mostUsed.map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {bank.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          {others.length > 0 ? (
            <optgroup label="All other banks (A–Z)">
              {others.map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {bank.name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </SelectField>
        <TextField
          id="campaign-accountNumber"
          name="accountNumber"
          label="Account number"
          required
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]{10}"
          maxLength={10}
          defaultValue={values.accountNumber}
          error={errors.accountNumber}
          hint="The 10-digit NUBAN account number."
        />
        {enhanced ? (
          <div className="space-y-3">
            <button
              type="button"
              onClick={onVerify}
              disabled={checking}
              className={buttonClass('secondary', 'w-full sm:w-auto disabled:opacity-70')}
            >
              {checking ? (
                <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
              ) : null}
              {checking ? 'Checking account...' : 'Verify account'}
            </button>
            <div aria-live="polite" className="space-y-2">
              {account ? <AccountName account={account} /> : null}
              {account ? (
                <AccountNameCheck account={account} values={values} organiser={organiser} />
              ) : null}
              {checkProblem && !account ? (
                <p className="text-sm font-medium text-red-700">{checkProblem}</p>
              ) : null}
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-700">
            The name on the account is checked with your bank when you submit.
          </p>
        )}
      </fieldset>
    </div>
  );
}

/**
 * The account's name compared with the names in the campaign (the beneficiary, the organiser,
 * the hospital): when it is nobody's, a warning that does not block; our team asks about it.
 */
function AccountNameCheck({
  account,
  values,
  organiser,
}: {
  account: VerifiedAccount;
  values: WizardValues;
  organiser: string;
}) {
  const beneficiary = beneficiaryName(values);
  if (beneficiary === '') return null;
  const owner = accountNameOwner(account.accountName, {
    beneficiary,
    organiser,
    hospital: values.facilityName.trim() || null,
  });
  if (owner) return null;
  return (
    <p
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950"
    >
      {accountNameMismatchText(account.accountName, beneficiary)}
    </p>
  );
}

/** The name the bank gave back: read-only, with a visible "Sandbox" label for demo lookups. */
function AccountName({ account }: { account: VerifiedAccount }) {
  const sandbox = account.provider === 'sandbox';
  const describedBy = [
    sandbox ? 'campaign-accountName-sandbox' : '',
    account.checkDigitMatches ? '' : 'campaign-accountName-check',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="campaign-accountName" className="text-sm font-semibold text-slate-900">
          Account name
        </label>
        <span className="inline-flex items-center gap-1 text-sm font-medium text-brand-800">
          <BadgeCheck aria-hidden="true" className="h-4 w-4" />
          Verified
        </span>
        {sandbox ? (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase">
            Sandbox
          </span>
        ) : null}
      </div>
      <p className="sr-only">Account name: {account.accountName}</p>
      <input
        id="campaign-accountName"
        type="text"
        readOnly
        value={account.accountName}
        aria-describedby={describedBy || undefined}
        className={`${inputClass} bg-slate-50`}
      />
      {sandbox ? (
        <p id="campaign-accountName-sandbox" className="mt-1.5 text-sm text-slate-600">
          Sandbox: a demo name, not a real bank lookup.
        </p>
      ) : null}
      {account.checkDigitMatches ? null : (
        <p id="campaign-accountName-check" className="mt-1.5 text-sm font-medium text-amber-900">
          Double-check this number: it does not look like a usual {account.bank} account number.
        </p>
      )}
    </div>
  );
}
