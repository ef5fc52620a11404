import { consentProblems, needsConsent } from '@ipatient/contracts/campaign-rules';
import type { TCampaignCreateRequest } from '@ipatient/contracts/campaigns';
import { AppError } from '../../plugins/errors.ts';
import type { CampaignRow } from './campaigns.repository.ts';

// The patient's health details and consent (docs/product.md#campaigns): a campaign for someone
// else records who agreed to it, and the organiser may keep the diagnosis off the public page.

type ConsentColumns = Pick<
  CampaignRow,
  'beneficiaryConsent' | 'beneficiaryConsentName' | 'beneficiaryConsentAt'
>;
type HealthInput = Pick<
  Partial<TCampaignCreateRequest>,
  | 'beneficiaryType'
  | 'beneficiaryConsent'
  | 'consentName'
  | 'consentGiven'
  | 'diagnosis'
  | 'diagnosisHidden'
>;

const noConsent: ConsentColumns = {
  beneficiaryConsent: null,
  beneficiaryConsentName: null,
  beneficiaryConsentAt: null,
};

function refuse(problems: Record<string, string>): never {
  const [first = 'Check the consent'] = Object.values(problems);
  throw new AppError('VALIDATION', first, { errors: problems });
}

/**
 * A new campaign's consent columns: recorded now for a campaign for someone else (refused
 * without all three answers); none for the organiser's own campaign or a charity's.
 */
export function consentOnCreate(input: HealthInput, now = new Date()): ConsentColumns {
  if (!needsConsent(input.beneficiaryType)) return noConsent;
  const problems = consentProblems(input);
  if (Object.keys(problems).length > 0) refuse(problems);
  return {
    beneficiaryConsent: input.beneficiaryConsent ?? null,
    beneficiaryConsentName: input.consentName ?? null,
    beneficiaryConsentAt: now,
  };
}

/**
 * An edit's consent columns, or undefined when they stay: needed when the campaign becomes one
 * for someone else without a recorded consent, and checked whole (the recorded answers fill in
 * what was not sent) whenever one of them is changed.
 */
export function consentOnUpdate(
  input: HealthInput,
  campaign: CampaignRow,
  now = new Date(),
): ConsentColumns | undefined {
  const type = input.beneficiaryType ?? campaign.beneficiaryType;
  if (!needsConsent(type)) return undefined;
  const sent =
    input.beneficiaryConsent !== undefined ||
    input.consentName !== undefined ||
    input.consentGiven !== undefined;
  const becomesSomeoneElse =
    input.beneficiaryType !== undefined && campaign.beneficiaryConsentAt === null;
  if (!sent && !becomesSomeoneElse) return undefined;
  const merged = {
    beneficiaryType: type,
    beneficiaryConsent: input.beneficiaryConsent ?? campaign.beneficiaryConsent ?? undefined,
    consentName: input.consentName ?? campaign.beneficiaryConsentName ?? undefined,
    consentGiven: input.consentGiven ?? campaign.beneficiaryConsentAt !== null,
  };
  const problems = consentProblems(merged);
  if (Object.keys(problems).length > 0) refuse(problems);
  return {
    beneficiaryConsent: merged.beneficiaryConsent ?? null,
    beneficiaryConsentName: merged.consentName ?? null,
    beneficiaryConsentAt: now,
  };
}

/** A new campaign's diagnosis columns (blank is none). */
export function diagnosisOnCreate(
  input: HealthInput,
): Pick<CampaignRow, 'diagnosis' | 'diagnosisHidden'> {
  return { diagnosis: input.diagnosis || null, diagnosisHidden: input.diagnosisHidden ?? false };
}

/**
 * An edit of the diagnosis, split: hiding protects the patient, so it applies at once; showing
 * it again and a new text are what reviewers check on a live campaign (`reviewed`).
 */
export function diagnosisOnUpdate(input: HealthInput): {
  atOnce: Partial<Pick<CampaignRow, 'diagnosisHidden'>>;
  reviewed: Partial<Pick<CampaignRow, 'diagnosis' | 'diagnosisHidden'>>;
} {
  const diagnosis = input.diagnosis === undefined ? undefined : input.diagnosis || null;
  return {
    atOnce: input.diagnosisHidden === true ? { diagnosisHidden: true } : {},
    reviewed: {
      ...(diagnosis === undefined ? {} : { diagnosis }),
      ...(input.diagnosisHidden === undefined ? {} : { diagnosisHidden: input.diagnosisHidden }),
    },
  };
}
