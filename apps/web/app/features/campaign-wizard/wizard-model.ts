import {
  type CampaignField,
  campaignFieldProblem,
  campaignLimits,
  consentProblems,
  isTicked,
  parseNairaAmount,
} from '@ipatient/contracts/campaign-rules';
import type { TBankAccount, TCampaign } from '@ipatient/contracts/campaigns';
import { type CampaignDocumentKind, evidenceLimits } from '@ipatient/contracts/evidence-rules';

/**
 * The treating hospital: `facilityName` is what the organiser typed (or chose from the
 * directory's suggestions); `facilityId` is set when it is a listed facility's name.
 */
export type FacilityField = 'facilityName' | 'facilityId';

/** A value the wizard keeps: the campaign's fields by the API's names, and the hospital. */
export type WizardValueField = CampaignField | FacilityField;

/** What the organiser types, by the API's field names (POST /post-crowedFunding). */
export type WizardValues = Record<WizardValueField, string>;

/** The document fields of the documents step (one file input each). */
export const documentFields = {
  bill: 'billDocument',
  medical_report: 'reportDocument',
  other: 'otherDocuments',
} as const satisfies Record<CampaignDocumentKind, string>;
export type DocumentField = (typeof documentFields)[CampaignDocumentKind];

/** A form field of the wizard: the campaign's fields, the cover photo and the terms box. */
export type WizardField = WizardValueField | DocumentField | 'image' | 'terms';

export type WizardErrors = Partial<Record<string, string>>;

export type StepNumber = 1 | 2 | 3 | 4 | 5 | 6;

/** A document uploaded for the campaign: the draft keeps these, never the file itself. */
export interface WizardDocument {
  id: string;
  kind: CampaignDocumentKind;
  fileName: string;
  sizeBytes: number;
}

/** The cover photo, kept as a data URL so the draft survives a reload (it is ≤ 850 KB). */
export interface CoverImage {
  dataUrl: string;
  name: string;
  type: string;
}

/**
 * The bank's answer to "Verify account": the name is never typed by the organiser. When editing,
 * the campaign's own account (checked when it was saved) has the provider `saved`.
 */
export type VerifiedAccount = Pick<
  TBankAccount,
  'accountName' | 'accountNumber' | 'bankCode' | 'bank' | 'checkDigitMatches'
> & { provider: TBankAccount['provider'] | 'saved' };

export const emptyValues: WizardValues = {
  title: '',
  state: '',
  lga: '',
  address: '',
  category: '',
  description: '',
  beneficiaryType: '',
  firstName: '',
  lastName: '',
  fundraisingFor: '',
  bankCode: '',
  accountNumber: '',
  amountNeeded: '',
  duration: '',
  facilityName: '',
  facilityId: '',
  diagnosis: '',
  diagnosisHidden: '',
  beneficiaryConsent: '',
  consentName: '',
  consentGiven: '',
};

/** The wizard's checkboxes: "on" when ticked, blank when not (an unticked box is not posted). */
export const tickBoxFields = ['diagnosisHidden', 'consentGiven'] as const;

/** Every value the wizard keeps, in page order of no importance (drafts, posts). */
export const wizardFields = Object.keys(emptyValues) as WizardValueField[];

/** The campaign's own fields (without the hospital, which is sent as one of two fields). */
export const campaignFields = wizardFields.filter(
  (field): field is CampaignField => field !== 'facilityName' && field !== 'facilityId',
);

export function isWizardField(name: string): name is WizardValueField {
  return Object.hasOwn(emptyValues, name);
}

export function isCampaignField(name: string): name is CampaignField {
  return isWizardField(name) && name !== 'facilityName' && name !== 'facilityId';
}

/**
 * The six steps and their fields in page order, which is the order errors are focused in.
 * The category is asked with the other details on step 1, as the shared `wizardStepFields` has
 * it; the treating hospital too, so the account's name can be compared with it on step 3.
 */
export const wizardSteps: readonly {
  step: StepNumber;
  title: string;
  heading: string;
  fields: readonly WizardField[];
}[] = [
  {
    step: 1,
    title: 'Campaign details',
    heading: 'Share your campaign details',
    fields: [
      'title',
      'category',
      'state',
      'lga',
      'address',
      'facilityName',
      'description',
      'diagnosis',
      'diagnosisHidden',
    ],
  },
  { step: 2, title: 'Cover photo', heading: 'Add a cover photo', fields: ['image'] },
  {
    step: 3,
    title: 'Who you are campaigning for',
    heading: 'Who are you campaigning for?',
    fields: [
      'beneficiaryType',
      'fundraisingFor',
      'beneficiaryConsent',
      'consentName',
      'consentGiven',
      'bankCode',
      'accountNumber',
    ],
  },
  {
    step: 4,
    title: 'Medical documents',
    heading: 'Show the medical need',
    fields: ['billDocument', 'reportDocument', 'otherDocuments'],
  },
  {
    step: 5,
    title: 'How much to raise',
    heading: 'How much do you want to raise?',
    fields: ['amountNeeded', 'duration'],
  },
  { step: 6, title: 'Review and Submit', heading: 'Review and Submit', fields: ['terms'] },
];

/** The review's step: the last one. */
export const lastStep = 6 as const satisfies StepNumber;

const stepOfField = new Map<string, StepNumber>(
  wizardSteps.flatMap(({ step, fields }) => fields.map((field) => [field, step] as const)),
);
// The server may name these too; they belong with the bank details.
stepOfField.set('bank', 3);
stepOfField.set('accountName', 3);
// The hospital's id and the documents' ids (and an upload's own fields) are the same questions.
stepOfField.set('facilityId', 1);
for (const field of ['documentIds', 'documents', 'file', 'kind']) stepOfField.set(field, 4);

/** The step that holds a field (server errors land there); unknown fields go to the review. */
export function stepOf(field: string): StepNumber {
  return stepOfField.get(field) ?? lastStep;
}

/** The id of a field's control, for labels, error links and focus. */
export function fieldId(field: string): string {
  if (field === 'beneficiaryType') return 'campaign-beneficiaryType-yourself';
  if (field === 'beneficiaryConsent') return 'campaign-beneficiaryConsent-beneficiary';
  return `campaign-${field}`;
}

/** The id of a step's heading, where focus goes when the step is shown. */
export const headingId = (step: StepNumber) => `campaign-step-${step}-title`;

export const coverMissing = 'Add a cover photo for your campaign (PNG or JPEG).';
export const verifyFirst = 'Select "Verify account" to check the name on this account.';
export const facilityMissing =
  'Choose the hospital treating the patient, or type its name if it is not listed.';
export const billMissing = 'Add the hospital bill or estimate (PDF, JPEG or PNG).';
export const reportMissing = 'Add the medical report (PDF, JPEG or PNG).';
export const documentUploading = 'Wait until this document has finished uploading.';

/** The member who starts the campaign. */
export interface Organiser {
  _id: string;
  firstName: string;
  lastName: string;
}

/** The edit screen's starting point: the saved campaign. */
export interface WizardEdit {
  values: WizardValues;
  /** The documents the campaign has already (their owner may add more, never remove them). */
  documents: readonly WizardDocument[];
  /** The campaign's bank account: no new check is needed while the bank and number stay. */
  account: VerifiedAccount;
  /** The current cover's address, kept unless a new photo is chosen. */
  coverUrl: string | null;
  /** Raised so far, for the review's progress bar. */
  raised: number;
}

export interface WizardState {
  values: WizardValues;
  cover: CoverImage | null;
  account: VerifiedAccount | null;
  /** Uploaded in this wizard and not yet part of the campaign (their ids go with it). */
  documents: readonly WizardDocument[];
  /** Editing: the campaign's documents already count for the required kinds. */
  savedDocuments?: readonly WizardDocument[];
  /** The kinds of document being uploaded right now. */
  uploading?: readonly CampaignDocumentKind[];
  /** When editing: the campaign's current cover (its address), kept unless a new one is chosen. */
  currentCover?: string | null;
}

/** The verified account when it is still the one in the form (bank and number unchanged). */
export function currentAccount(state: WizardState): VerifiedAccount | null {
  const { account, values } = state;
  return account &&
    account.bankCode === values.bankCode &&
    account.accountNumber === values.accountNumber.trim()
    ? account
    : null;
}

const choosePrompts: Partial<Record<CampaignField, string>> = {
  category: 'Choose a category',
  duration: 'Choose how long the campaign runs',
  bankCode: 'Choose your bank',
};

/**
 * The shared rule for one field (the API says the same), with a plainer message when a list
 * was left on its "Choose …" option.
 */
export function fieldProblem(field: WizardValueField, values: WizardValues): string | undefined {
  if (field === 'facilityId') return undefined;
  if (field === 'facilityName') {
    const name = values.facilityName.trim();
    if (name === '') return facilityMissing;
    if (name.length < 2) return "Give the hospital's name.";
    if (name.length > evidenceLimits.facilityNameMax) {
      return `The hospital's name must be at most ${evidenceLimits.facilityNameMax} characters.`;
    }
    return undefined;
  }
  const value = values[field];
  const prompt = choosePrompts[field];
  if (prompt && value.trim() === '') return prompt;
  return campaignFieldProblem(field, value, { state: values.state });
}

/** The problems of one step, keyed by field, in page order (empty when it may be left). */
export function stepProblems(step: StepNumber, state: WizardState): WizardErrors {
  const problems: WizardErrors = {};
  const { values } = state;
  const kinds = new Set(
    [...state.documents, ...(state.savedDocuments ?? [])].map((document) => document.kind),
  );
  const consent = consentProblems(values);
  for (const field of wizardSteps[step - 1]?.fields ?? []) {
    if (field === 'terms') continue;
    if (field === 'otherDocuments') {
      if (state.uploading?.includes('other')) problems[field] = documentUploading;
      continue;
    }
    if (field === 'image') {
      if (!state.cover && !state.currentCover) problems.image = coverMissing;
      continue;
    }
    if (field === 'billDocument' || field === 'reportDocument') {
      const kind = field === 'billDocument' ? 'bill' : 'medical_report';
      if (state.uploading?.includes(kind)) problems[field] = documentUploading;
      else if (!kinds.has(kind)) problems[field] = kind === 'bill' ? billMissing : reportMissing;
      continue;
    }
    const problem = fieldProblem(field, values) ?? consent[field];
    if (problem) problems[field] = problem;
  }
  // Without a state the LGA list is disabled: the state's message says what to do.
  if (problems.state) delete problems.lga;
  if (step === 3 && !problems.bankCode && !problems.accountNumber && !currentAccount(state)) {
    problems.accountNumber = verifyFirst;
  }
  return problems;
}

/** The first step, up to `until`, that still has problems. */
export function firstInvalidStep(state: WizardState, until: StepNumber): StepNumber | undefined {
  for (const { step } of wizardSteps) {
    if (step >= until) return undefined;
    if (Object.keys(stepProblems(step, state)).length > 0) return step;
  }
  return undefined;
}

/** The beneficiary as the review names them: the one name the organiser gave. */
export function beneficiaryName(values: WizardValues): string {
  return values.fundraisingFor.trim().replace(/\s+/g, ' ');
}

/**
 * The first and last names the API keeps for the beneficiary, taken from the one name the
 * wizard asks for: the first word and the rest, so together they read as that name. A part
 * longer than the API allows is left out (the campaign page then shows the name as typed).
 */
export function beneficiaryNameParts(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const last = rest.join(' ');
  const fits = (part: string) => (part.length <= campaignLimits.nameMax ? part : '');
  if (!fits(first) || !fits(last)) return { firstName: '', lastName: '' };
  return { firstName: first, lastName: last };
}

/** A saved campaign as the wizard's values (the starting point of the edit screen). */
export function campaignValues(campaign: TCampaign): WizardValues {
  return {
    facilityName: campaign.facility?.name ?? '',
    facilityId: campaign.facility?.id ?? '',
    title: campaign.title,
    state: campaign.state,
    lga: campaign.lga,
    address: campaign.address,
    category: campaign.category,
    description: campaign.description,
    beneficiaryType: campaign.beneficiaryType ?? '',
    firstName: campaign.firstName ?? '',
    lastName: campaign.lastName ?? '',
    fundraisingFor: campaign.fundraisingFor,
    bankCode: campaign.bankCode,
    accountNumber: campaign.accountNumber,
    amountNeeded: String(campaign.amountNeeded),
    duration: campaign.duration,
    diagnosis: campaign.diagnosis ?? '',
    diagnosisHidden: campaign.diagnosisHidden ? 'on' : '',
    beneficiaryConsent: campaign.beneficiaryConsent?.by ?? '',
    consentName: campaign.beneficiaryConsent?.name ?? '',
    consentGiven: campaign.beneficiaryConsent ? 'on' : '',
  };
}

/** The campaign's own bank account, counted as verified while the bank and number stay. */
export function campaignAccount(campaign: TCampaign): VerifiedAccount {
  return {
    accountName: campaign.accountName,
    accountNumber: campaign.accountNumber,
    bankCode: campaign.bankCode,
    bank: campaign.bank,
    provider: 'saved',
    checkDigitMatches: true,
  };
}

/** A value as the API stores it, so an unchanged field is not sent as a change. */
function comparable(field: CampaignField, value: string): string {
  if (field === 'description') {
    return value
      .replace(/\r\n?/g, '\n')
      .replace(/[^\S\n]+$/gm, '')
      .trim();
  }
  if (field === 'diagnosisHidden' || field === 'consentGiven') return isTicked(value) ? 'on' : '';
  if (field === 'amountNeeded') {
    const amount = parseNairaAmount(value);
    return amount === undefined ? value.trim() : String(amount);
  }
  return value.trim();
}

/** Fields that go together to PUT /update-crowedFunding: one changed means both are sent. */
const pairedFields: readonly (readonly [CampaignField, CampaignField])[] = [
  ['bankCode', 'accountNumber'],
  ['state', 'lga'],
];

/** Whether the hospital of `next` is another than `saved`'s (a new id, or a new typed name). */
export function facilityChanged(saved: WizardValues, next: WizardValues): boolean {
  if (next.facilityId || saved.facilityId) return next.facilityId !== saved.facilityId;
  return next.facilityName.trim() !== saved.facilityName.trim();
}

/** The fields of `next` that differ from `saved` (with their pair), in the wizard's order. */
export function changedFields(saved: WizardValues, next: WizardValues): CampaignField[] {
  const changed = new Set(
    campaignFields.filter(
      (field) => comparable(field, saved[field]) !== comparable(field, next[field]),
    ),
  );
  for (const [a, b] of pairedFields) {
    if (changed.has(a) || changed.has(b)) {
      changed.add(a);
      changed.add(b);
    }
  }
  return campaignFields.filter((field) => changed.has(field));
}
