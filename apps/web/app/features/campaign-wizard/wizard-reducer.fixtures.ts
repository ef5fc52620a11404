import {
  type CoverImage,
  emptyValues,
  type VerifiedAccount,
  type WizardDocument,
  type WizardEdit,
  type WizardValueField,
  type WizardValues,
} from './wizard-model.ts';
import { initialWizardState, type WizardViewState } from './wizard-reducer.ts';
import type { SubmitResult, VerifyResult } from './wizard-results.ts';

export const complete: WizardValues = {
  ...emptyValues,
  title: 'Help Tolu get heart surgery',
  category: 'Emergency Treatment/Surgery',
  state: 'Lagos',
  lga: 'Ikeja',
  address: '12 Allen Avenue',
  description: 'Tolu is four and was born with a hole in her heart; this pays for the surgery.',
  beneficiaryType: 'someone else',
  beneficiaryConsent: 'guardian',
  consentName: 'Bisi Bello',
  consentGiven: 'on',
  fundraisingFor: 'Tolu Bello',
  bankCode: '044',
  accountNumber: '0123456789',
  amountNeeded: '1500000',
  duration: '3 months',
  facilityName: 'Lagos University Teaching Hospital',
  facilityId: '',
};

export const bill: WizardDocument = {
  id: 'd1',
  kind: 'bill',
  fileName: 'bill.pdf',
  sizeBytes: 2048,
};
export const report: WizardDocument = {
  id: 'd2',
  kind: 'medical_report',
  fileName: 'report.png',
  sizeBytes: 4096,
};

export const account: VerifiedAccount = {
  accountName: 'TOLU BELLO',
  accountNumber: '0123456789',
  bankCode: '044',
  bank: 'Access Bank',
  provider: 'sandbox',
  checkDigitMatches: true,
};

export const cover: CoverImage = {
  dataUrl: 'data:image/png;base64,AAAA',
  name: 'tolu.png',
  type: 'image/png',
};

export const edit: WizardEdit = {
  values: complete,
  documents: [bill, report],
  account: { ...account, provider: 'saved' },
  coverUrl: '/images/campaigns/tolu-1200.webp',
  raised: 5000,
};

export const fresh = () => initialWizardState({ postedResult: undefined });

/** The organiser changes one field of the form. */
export const typing = (field: WizardValueField, value: string) =>
  ({ type: 'fieldChanged', field, value, organiserName: 'Ada Obi' }) as const;

/** A new campaign in the browser with everything filled in, on the given step. */
export function filled(step: WizardViewState['step'], extra: Partial<WizardViewState> = {}) {
  return {
    ...fresh(),
    enhanced: true,
    values: complete,
    cover,
    account,
    documents: [bill, report],
    step,
    reached: step,
    ...extra,
  } satisfies WizardViewState;
}

export const submitFailure = (errors: Record<string, string>): SubmitResult => ({
  ok: false,
  intent: 'submit',
  message: 'Your campaign could not be submitted',
  detail: 'The service is busy.',
  errors,
  values: {},
  toastId: '1',
});

export const verifyAnswer = (answer: Partial<VerifyResult>): VerifyResult => ({
  ok: false,
  intent: 'verify',
  message: 'We could not reach the bank.',
  errors: {},
  account: null,
  bankCode: '044',
  accountNumber: '0123456789',
  toastId: '2',
  ...answer,
});
