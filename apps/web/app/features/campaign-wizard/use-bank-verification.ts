import { type Dispatch, useEffect } from 'react';
import type { WizardValues } from './wizard-model.ts';
import { bankProblems, type WizardAction } from './wizard-reducer.ts';
import type { VerifyResult, WizardRequest } from './wizard-results.ts';

interface BankVerificationOptions {
  verifier: WizardRequest<VerifyResult>;
  csrf: string;
  values: WizardValues;
  dispatch: Dispatch<WizardAction>;
}

/**
 * "Verify account": the bank and number are checked in the browser first, then the page asks
 * the bank for the account's name. The answer becomes the wizard's account, or the fields'
 * messages; a failure that is not about one field is shown while it is still about this number.
 */
export function useBankVerification({ verifier, csrf, values, dispatch }: BankVerificationOptions) {
  const answer = verifier.data;
  useEffect(() => {
    if (answer) dispatch({ type: 'verifyAnswered', result: answer });
  }, [answer, dispatch]);

  function verify() {
    dispatch({ type: 'bankChecked' });
    if (Object.keys(bankProblems(values)).length > 0) return;
    const body = new FormData();
    body.set('csrf', csrf);
    body.set('intent', 'verify');
    body.set('bankCode', values.bankCode);
    body.set('accountNumber', values.accountNumber.trim());
    verifier.send(body);
  }

  const checkProblem =
    answer &&
    !answer.ok &&
    !answer.errors.bankCode &&
    !answer.errors.accountNumber &&
    answer.bankCode === values.bankCode &&
    answer.accountNumber === values.accountNumber.trim()
      ? answer.message
      : undefined;

  return { verify, checking: verifier.busy, checkProblem };
}
