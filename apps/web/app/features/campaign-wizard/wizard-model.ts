import {
  type CampaignField,
  campaignFieldProblem,
  campaignLimits,
  parseNairaAmount,
} from '@ipatient/contracts/campaign-rules';
import type { TBankAccount, TCampaign } from '@ipatient/contracts/campaigns';

/** What the organiser types, by the API's field names (POST /post-crowedFunding). */
export type WizardValues = Record<CampaignField, string>;

/** A form field of the wizard: the campaign's fields, the cover photo and the terms box. */
export type WizardField = CampaignField | 'image' | 'terms';

export type WizardErrors = Partial<Record<string, string>>;

export type StepNumber = 1 | 2 | 3 | 4 | 5;

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
};

export const campaignFields = Object.keys(emptyValues) as CampaignField[];

export function isCampaignField(name: string): name is CampaignField {
  return Object.hasOwn(emptyValues, name);
}

/**
 * The five steps and their fields in page order, which is the order errors are focused in.
 * The category is asked with the other details on step 1, as the shared `wizardStepFields` has it.
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
    fields: ['title', 'category', 'state', 'lga', 'address', 'description'],
  },
  { step: 2, title: 'Cover photo', heading: 'Add a cover photo', fields: ['image'] },
  {
    step: 3,
    title: 'Who you are campaigning for',
    heading: 'Who are you campaigning for?',
    fields: ['beneficiaryType', 'fundraisingFor', 'bankCode', 'accountNumber'],
  },
  {
    step: 4,
    title: 'How much to raise',
    heading: 'How much do you want to raise?',
    fields: ['amountNeeded', 'duration'],
  },
  { step: 5, title: 'Review and Submit', heading: 'Review and Submit', fields: ['terms'] },
];

const stepOfField = new Map<string, StepNumber>(
  wizardSteps.flatMap(({ step, fields }) => fields.map((field) => [field, step] as const)),
);
// The server may name these too; they belong with the bank details.
stepOfField.set('bank', 3);
stepOfField.set('accountName', 3);

/** The step that holds a field (server errors land there); unknown fields go to the review. */
export function stepOf(field: string): StepNumber {
  return stepOfField.get(field) ?? 5;
}

/** The id of a field's control, for labels, error links and focus. */
export function fieldId(field: string): string {
  if (field === 'beneficiaryType') return 'campaign-beneficiaryType-yourself';
  return `campaign-${field}`;
}

/** The id of a step's heading, where focus goes when the step is shown. */
export const headingId = (step: StepNumber) => `campaign-step-${step}-title`;

export const coverMissing = 'Add a cover photo for your campaign (PNG or JPEG).';
export const verifyFirst = 'Select "Verify account" to check the name on this account.';

/** The member who starts the campaign. */
export interface Organiser {
  _id: string;
  firstName: string;
  lastName: string;
}

/** The edit screen's starting point: the saved campaign. */
export interface WizardEdit {
  values: WizardValues;
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
export function fieldProblem(field: CampaignField, values: WizardValues): string | undefined {
  const value = values[field];
  const prompt = choosePrompts[field];
  if (prompt && value.trim() === '') return prompt;
  return campaignFieldProblem(field, value, { state: values.state });
}

/** The problems of one step, keyed by field, in page order (empty when it may be left). */
export function stepProblems(step: StepNumber, state: WizardState): WizardErrors {
  const problems: WizardErrors = {};
  const { values } = state;
  for (const field of wizardSteps[step - 1]?.fields ?? []) {
    if (field === 'terms') continue;
    if (field === 'image') {
      if (!state.cover && !state.currentCover) problems.image = coverMissing;
      continue;
    }
    const problem = fieldProblem(field, values);
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
