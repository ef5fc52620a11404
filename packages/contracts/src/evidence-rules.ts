/**
 * Evidence of medical need (docs/product.md#verification): what an organiser uploads and what
 * an admin checks before a campaign goes live.
 */
export const campaignDocumentKinds = ['bill', 'medical_report', 'other'] as const;
export type CampaignDocumentKind = (typeof campaignDocumentKinds)[number];

export const documentKindLabels: Record<CampaignDocumentKind, string> = {
  bill: 'Hospital bill or estimate',
  medical_report: 'Medical report',
  other: 'Other document',
};

export const evidenceLimits = {
  /** Each document, in bytes. */
  documentMaxBytes: 5 * 1024 * 1024,
  /** Beyond the bill and the report. */
  otherDocumentsMax: 3,
  /** Every document of a campaign, including those added later by editing it. */
  documentsPerCampaignMax: 10,
  /** How long a signed link to a document works. */
  documentLinkSeconds: 5 * 60,
  /** Uploaded but never attached to a campaign: removed after this. */
  unattachedHours: 24,
  fileNameMax: 120,
  confirmedByMax: 120,
  noteMax: 1000,
  facilityNameMax: 150,
} as const;

/** What a document may be, by its first bytes (never by its name or declared type). */
export const documentTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentType = (typeof documentTypes)[number];

export const hospitalConfirmations = ['phone', 'email', 'visit'] as const;
export type HospitalConfirmation = (typeof hospitalConfirmations)[number];
export const hospitalConfirmationLabels: Record<HospitalConfirmation, string> = {
  phone: 'phone call',
  email: 'email',
  visit: 'visit',
};

export const accountNameMatches = ['beneficiary', 'organiser', 'hospital'] as const;
export type AccountNameMatch = (typeof accountNameMatches)[number];

const FILLER = new Set([
  'THE',
  'OF',
  'AND',
  'LTD',
  'LIMITED',
  'NIG',
  'NIGERIA',
  'PLC',
  'MR',
  'MRS',
  'MISS',
  'DR',
  'CHIEF',
  'ALHAJI',
  'ALHAJA',
]);

/** The words of a name, upper-cased, letters only, without titles and company filler. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((word) => word.length > 1 && !FILLER.has(word));
}

/**
 * Whether a bank account's name belongs to a person: at least two of the person's names appear
 * in it (one, when only one was given). Banks add middle names and change the order, so "YUSUF
 * MUSA" is not "Adaeze Okafor" but "OKAFOR ADAEZE CHIOMA" is.
 */
export function accountNameMatchesPerson(accountName: string, personName: string): boolean {
  const account = new Set(nameWords(accountName));
  const person = [...new Set(nameWords(personName))];
  if (person.length === 0) return false;
  const found = person.filter((word) => account.has(word)).length;
  return found >= Math.min(2, person.length);
}

/**
 * Whether a bank account's name belongs to a facility: at least two thirds of the facility's
 * words appear in it ("LAGOS UNIVERSITY TEACHING HOSPITAL" for Lagos University Teaching
 * Hospital, not "YUSUF MUSA").
 */
export function accountNameMatchesFacility(accountName: string, facilityName: string): boolean {
  const account = new Set(nameWords(accountName));
  const facility = [...new Set(nameWords(facilityName))];
  if (facility.length === 0) return false;
  const found = facility.filter((word) => account.has(word)).length;
  return found * 3 >= facility.length * 2;
}

/** Whose name a campaign's account carries, as far as the names say (undefined: nobody's). */
export function accountNameOwner(
  accountName: string,
  names: { beneficiary: string; organiser: string; hospital?: string | null },
): AccountNameMatch | undefined {
  if (accountNameMatchesPerson(accountName, names.beneficiary)) return 'beneficiary';
  if (accountNameMatchesPerson(accountName, names.organiser)) return 'organiser';
  if (names.hospital && accountNameMatchesFacility(accountName, names.hospital)) return 'hospital';
  return undefined;
}

/** The wizard's and the admin's warning when the account's name is nobody's in the campaign. */
export function accountNameMismatchText(accountName: string, beneficiary: string): string {
  return `The name on this account, ${accountName}, does not match the beneficiary (${beneficiary}), the organiser or the hospital. Our team will ask about it before the campaign can go live.`;
}
