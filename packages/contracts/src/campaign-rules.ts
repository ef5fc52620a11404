import { beneficiaryTypes, campaignCategories, campaignDurations, limits } from './constants.ts';
import { findBank, findLga, findState } from './reference.ts';

/**
 * Campaign field rules, shared by the API's schemas (the rule) and the wizard (hints before
 * Next). Plain functions without zod, so the wizard can check a step without loading a schema
 * library.
 */
export const campaignLimits = {
  titleMin: 5,
  titleMax: 120,
  descriptionMin: 30,
  descriptionMax: 5000,
  fundraisingForMin: 2,
  fundraisingForMax: 80,
  addressMax: 200,
  nameMax: 60,
  /** The diagnosis or medical condition: a short phrase, the story tells the rest. */
  diagnosisMax: 200,
  /** Whole naira. Below ₦1,000 a campaign costs more to review than it can raise. */
  amountMin: 1000,
  /** ₦500 million: above any treatment a campaign here pays for, and a guard against typos. */
  amountMax: 500_000_000,
  rejectionReasonMin: 10,
  rejectionReasonMax: 1000,
  searchMax: 100,
  pageDefault: 12,
  pageMax: 50,
  imageMaxBytes: limits.imageMaxBytes,
  /**
   * Cover photos are shown at most 1200 pixels wide and weigh at most 850 KB: 16 megapixels
   * (4896 × 3264) is more than any such photo needs, and caps what decoding one may cost.
   */
  coverMaxPixels: 16_000_000,
  /** Campaigns one organiser may submit in a day (review queue abuse). */
  submissionsPerDay: 5,
  /** Bank account lookups per user per hour (each one may cost a provider call). */
  bankLookupsPerHour: 30,
} as const;

export type CampaignField =
  | 'title'
  | 'description'
  | 'fundraisingFor'
  | 'category'
  | 'duration'
  | 'amountNeeded'
  | 'state'
  | 'lga'
  | 'address'
  | 'bankCode'
  | 'accountNumber'
  | 'beneficiaryType'
  | 'firstName'
  | 'lastName'
  | 'diagnosis'
  | 'diagnosisHidden'
  | 'beneficiaryConsent'
  | 'consentName'
  | 'consentGiven';

/** "150,000", "₦150 000" or 150000 → 150000; undefined when it is not a whole number. */
export function parseNairaAmount(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const cleaned = value.replace(/[₦,\s]/g, '').replace(/^NGN/i, '');
  if (!/^-?\d+$/.test(cleaned)) return undefined;
  const amount = Number(cleaned);
  return Number.isSafeInteger(amount) ? amount : undefined;
}

function textProblem(label: string, value: string, min: number, max: number): string | undefined {
  const text = value.trim();
  if (text.length === 0) return `${label} is required`;
  if (text.length < min) return `${label} must be at least ${min} characters`;
  if (text.length > max) return `${label} must be at most ${max} characters`;
  return undefined;
}

const naira = (amount: number) => `₦${amount.toLocaleString('en-NG')}`;

/**
 * What is wrong with one field, or undefined. `state` is needed to check an LGA.
 * Optional wizard fields (beneficiary type and names) are fine when empty.
 */
export function campaignFieldProblem(
  field: CampaignField,
  value: string,
  context: { state?: string } = {},
): string | undefined {
  switch (field) {
    case 'title':
      return textProblem('Title', value, campaignLimits.titleMin, campaignLimits.titleMax);
    case 'description':
      return textProblem(
        'Story',
        value,
        campaignLimits.descriptionMin,
        campaignLimits.descriptionMax,
      );
    case 'fundraisingFor':
      return textProblem(
        'Who you are raising funds for',
        value,
        campaignLimits.fundraisingForMin,
        campaignLimits.fundraisingForMax,
      );
    case 'category':
      return (campaignCategories as readonly string[]).includes(value.trim())
        ? undefined
        : `Category must be one of ${campaignCategories.join(', ')}`;
    case 'duration':
      return (campaignDurations as readonly string[]).includes(value.trim())
        ? undefined
        : `Duration must be one of ${campaignDurations.join(', ')}`;
    case 'amountNeeded': {
      if (value.trim() === '') return 'Goal is required';
      const amount = parseNairaAmount(value);
      if (amount === undefined) return 'Goal must be a whole number of naira';
      if (amount < campaignLimits.amountMin)
        return `Goal must be at least ${naira(campaignLimits.amountMin)}`;
      if (amount > campaignLimits.amountMax)
        return `Goal must be at most ${naira(campaignLimits.amountMax)}`;
      return undefined;
    }
    case 'state':
      return findState(value) ? undefined : 'Choose a Nigerian state';
    case 'lga': {
      const state = context.state ? findState(context.state) : undefined;
      if (!state) return 'Choose a state first';
      return findLga(state, value) ? undefined : `Choose a local government area of ${state.name}`;
    }
    case 'address':
      return textProblem('Address', value, 1, campaignLimits.addressMax);
    case 'bankCode':
      return findBank(value.trim()) ? undefined : 'Choose a bank from the list';
    case 'accountNumber':
      return /^\d{10}$/.test(value.trim()) ? undefined : 'Account number must be 10 digits';
    case 'beneficiaryType':
      return value.trim() === '' || (beneficiaryTypes as readonly string[]).includes(value.trim())
        ? undefined
        : `Beneficiary must be one of ${beneficiaryTypes.join(', ')}`;
    case 'diagnosis':
      return value.trim().length > campaignLimits.diagnosisMax
        ? `Diagnosis must be at most ${campaignLimits.diagnosisMax} characters`
        : undefined;
    case 'diagnosisHidden':
    case 'consentGiven':
      return undefined;
    case 'beneficiaryConsent':
      return value.trim() === '' || (consentGivers as readonly string[]).includes(value.trim())
        ? undefined
        : consentTexts.consentMissing;
    case 'consentName':
    case 'firstName':
    case 'lastName': {
      const label =
        field === 'firstName'
          ? 'First name'
          : field === 'lastName'
            ? 'Last name'
            : 'The name of the person who agreed';
      return value.trim().length > campaignLimits.nameMax
        ? `${label} must be at most ${campaignLimits.nameMax} characters`
        : undefined;
    }
  }
}

/**
 * Who agreed to a campaign raised for someone else: the person it is for (an adult), or their
 * parent or guardian (for a child, or someone who cannot decide).
 */
export const consentGivers = ['beneficiary', 'guardian'] as const;
export type ConsentGiver = (typeof consentGivers)[number];

export const consentGiverLabels: Record<ConsentGiver, string> = {
  beneficiary: 'The person it is for (an adult)',
  guardian: 'Their parent or guardian (for a child, or someone who cannot decide)',
};

export const consentTexts = {
  consentMissing: 'Choose who agreed to this campaign: the person it is for, or their guardian',
  nameMissing: 'Give the name of the person who agreed',
  tickMissing:
    'Confirm that they agreed that you may raise funds in their name and share their story and health details',
  tickLabel:
    'They agreed that I may raise funds in their name and share their story and health details',
} as const;

/** A ticked checkbox as a form sends it ("on"), or as an API client may ("true", "1"). */
export function isTicked(value: unknown): boolean {
  if (value === true) return true;
  return (
    typeof value === 'string' && ['on', 'true', '1', 'yes'].includes(value.trim().toLowerCase())
  );
}

/**
 * Whether a campaign of this beneficiary type needs the beneficiary's consent: only one for
 * someone else. The organiser's own campaign needs none, and a charity raises funds in its own
 * name (our reviewers check the charity itself).
 */
export const needsConsent = (beneficiaryType: string | null | undefined) =>
  beneficiaryType?.trim() === 'someone else';

/**
 * What a campaign for someone else lacks of the consent, by field (empty when nothing, and
 * always for the other beneficiary types).
 */
export function consentProblems(values: {
  beneficiaryType?: string | null | undefined;
  beneficiaryConsent?: string | null | undefined;
  consentName?: string | null | undefined;
  consentGiven?: unknown;
}): Record<string, string> {
  if (!needsConsent(values.beneficiaryType)) return {};
  const problems: Record<string, string> = {};
  if (!(consentGivers as readonly string[]).includes(values.beneficiaryConsent?.trim() ?? '')) {
    problems.beneficiaryConsent = consentTexts.consentMissing;
  }
  if (!values.consentName?.trim()) problems.consentName = consentTexts.nameMissing;
  if (!isTicked(values.consentGiven)) problems.consentGiven = consentTexts.tickMissing;
  return problems;
}

/** The fields each wizard step asks for (docs/product.md#campaign-wizard: 1 details, 2 cover, 3 beneficiary and bank, 4 goal). */
export const wizardStepFields: Record<1 | 2 | 3 | 4, readonly CampaignField[]> = {
  1: [
    'title',
    'state',
    'lga',
    'address',
    'category',
    'description',
    'diagnosis',
    'diagnosisHidden',
  ],
  2: [],
  3: [
    'beneficiaryType',
    'beneficiaryConsent',
    'consentName',
    'consentGiven',
    'firstName',
    'lastName',
    'fundraisingFor',
    'bankCode',
    'accountNumber',
  ],
  4: ['amountNeeded', 'duration'],
};

/** Whether the organiser may still change a campaign in this status. */
export function campaignIsEditable(status: string): boolean {
  return status === 'awaiting_review' || status === 'active' || status === 'rejected';
}

/**
 * Who may read a campaign (its page, its donations): everyone a live or completed one (a
 * completed one stays readable: weekly winners link to it), and its organiser and admins a
 * campaign of any status. Only live campaigns are listed, ranked and given to.
 */
export function campaignReadableBy(
  campaign: { status: string; userId: string },
  viewer: { id: string; role: string } | undefined,
): boolean {
  return (
    campaign.status === 'active' ||
    campaign.status === 'completed' ||
    viewer?.id === campaign.userId ||
    viewer?.role === 'admin'
  );
}

/**
 * How long a live campaign runs, and how an organiser asks for more time. A campaign ends at its
 * approval plus the chosen duration plus the days an admin added (`extension_days`), reckoned
 * in UTC: the same sum as `campaignEndsAtSql` in the server's campaigns repository.
 */
export const campaignTimeLimits = {
  /** Days an organiser may ask for at once. */
  extensionChoices: [30, 60, 90] as const,
  extensionReasonMin: 20,
  extensionReasonMax: 1000,
  /** An organiser may still ask this many days after the campaign ended. */
  extensionGraceDays: 30,
  /** At most this many days added over a campaign's life (a database check holds it too). */
  extensionMaxTotalDays: 365,
  refusalReasonMin: 10,
  refusalReasonMax: 1000,
} as const;

export type ExtensionDays = (typeof campaignTimeLimits.extensionChoices)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** '1 month' → 1, '6 months' → 6, '1 year' → 12; undefined for anything else. */
function durationMonths(duration: string): number | undefined {
  const match = /^\s*(\d+)\s+(month|months|year|years)\s*$/i.exec(duration);
  if (!match) return undefined;
  const count = Number(match[1]);
  return match[2]?.toLowerCase().startsWith('year') ? count * 12 : count;
}

/**
 * When a campaign approved at `approvedAt` ends (null when it was never approved). Months are
 * added as PostgreSQL adds them: the same day of the month, or the month's last day when it has
 * no such day (31 January + 1 month = 28 or 29 February).
 */
export function campaignEndsAt(
  approvedAt: Date | string | null,
  duration: string,
  extensionDays: number,
): Date | null {
  if (approvedAt === null) return null;
  const start = approvedAt instanceof Date ? approvedAt : new Date(approvedAt);
  const months = durationMonths(duration) ?? 0;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return new Date(end.getTime() + extensionDays * DAY_MS);
}

/** Whether a campaign ending at `endsAt` has ended by `now` (never when it has no end). */
export function campaignHasEnded(endsAt: Date | string | null, now: Date = new Date()): boolean {
  if (endsAt === null) return false;
  return new Date(endsAt).getTime() <= now.getTime();
}

/**
 * "12 days left", "Last day" (under a day to go) or "Ended on 3 March 2026"; null when the
 * campaign has no end (never approved).
 */
export function campaignTimeLeftText(
  endsAt: string | null,
  now: Date = new Date(),
  formatDay: (date: Date) => string = (date) => date.toISOString().slice(0, 10),
): string | null {
  if (endsAt === null) return null;
  const end = new Date(endsAt);
  const left = end.getTime() - now.getTime();
  if (left <= 0) return `Ended on ${formatDay(end)}`;
  const days = Math.ceil(left / DAY_MS);
  return days <= 1 ? 'Last day' : `${days.toLocaleString('en-NG')} days left`;
}

/**
 * Whether the organiser may ask for more time now: a live campaign that has an end, no request
 * waiting, not yet past the grace days after its end, and room left under the total. Returns the
 * reason when not (for a 409), undefined when they may.
 */
export function extensionRequestProblem(
  campaign: {
    status: string;
    endsAt: Date | string | null;
    extensionDays: number;
    extensionRequestedAt: Date | string | null;
  },
  now: Date = new Date(),
): string | undefined {
  if (campaign.status !== 'active' || campaign.endsAt === null) {
    return 'Only a live campaign can be given more time.';
  }
  if (campaign.extensionRequestedAt !== null) {
    return 'You have already asked for more time. Our team will answer soon.';
  }
  const graceEnd =
    new Date(campaign.endsAt).getTime() + campaignTimeLimits.extensionGraceDays * DAY_MS;
  if (now.getTime() > graceEnd) {
    return `More time can be asked for up to ${campaignTimeLimits.extensionGraceDays} days after a campaign ends.`;
  }
  if (
    campaign.extensionDays + campaignTimeLimits.extensionChoices[0] >
    campaignTimeLimits.extensionMaxTotalDays
  ) {
    return `A campaign can be given at most ${campaignTimeLimits.extensionMaxTotalDays} extra days.`;
  }
  return undefined;
}
