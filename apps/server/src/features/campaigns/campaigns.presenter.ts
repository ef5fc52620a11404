import type { TCampaign, TOwnCampaign } from '@ipatient/contracts';
import { campaignEndsAt, campaignHasEnded } from '@ipatient/contracts/campaign-rules';
import type { TCampaignFacility, TPublicVerification } from '@ipatient/contracts/evidence';
import type { Executor } from '@ipatient/db';
import { presentImageSizes } from '../../lib/present-image-sizes.ts';
import type { UserRow } from '../../lib/present-user.ts';
import type { Viewer } from '../../lib/service-deps.ts';
import { extensionRequestOf } from './campaign-extensions.repository.ts';
import * as repository from './campaigns.repository.ts';
import * as evidence from './evidence.repository.ts';

function maskAccountNumber(accountNumber: string): string {
  return `******${accountNumber.slice(-4)}`;
}

/** The columns of a campaign that every answer about it shows (an organiser's list no more). */
type CardColumns = Pick<
  repository.CampaignRow,
  | 'id'
  | 'title'
  | 'fundraisingFor'
  | 'category'
  | 'duration'
  | 'amountNeeded'
  | 'amountRaised'
  | 'donationCount'
  | 'state'
  | 'lga'
  | 'beneficiaryType'
  | 'beneficiaryFirstName'
  | 'beneficiaryLastName'
  | 'image'
  | 'imageSizes'
  | 'status'
  | 'likesCount'
  | 'createdAt'
  | 'updatedAt'
  | 'approvedAt'
  | 'extensionDays'
>;

/** What every answer about a campaign says of it, whoever reads it. */
function cardFields(campaign: CardColumns) {
  const largest = campaign.imageSizes.at(-1);
  const endsAt = campaignEndsAt(campaign.approvedAt, campaign.duration, campaign.extensionDays);
  return {
    _id: campaign.id,
    title: campaign.title,
    fundraisingFor: campaign.fundraisingFor,
    category: campaign.category,
    duration: campaign.duration,
    amountNeeded: campaign.amountNeeded,
    amountRaised: campaign.amountRaised,
    donationCount: campaign.donationCount,
    state: campaign.state,
    lga: campaign.lga,
    beneficiaryType: campaign.beneficiaryType,
    firstName: campaign.beneficiaryFirstName,
    lastName: campaign.beneficiaryLastName,
    image: campaign.image,
    imageWidth: largest?.width ?? null,
    imageHeight: largest?.height ?? null,
    imageSizes: presentImageSizes(campaign.imageSizes),
    status: campaign.status,
    likesCount: campaign.likesCount,
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
    approvedAt: campaign.approvedAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    ended: campaignHasEnded(endsAt),
    extensionDays: campaign.extensionDays,
  };
}

/** The organiser's open request for more time, as they and admins are shown it. */
function presentExtensionRequest(
  campaign: Parameters<typeof extensionRequestOf>[0],
): TCampaign['extensionRequest'] {
  const request = extensionRequestOf(campaign);
  return request
    ? { requestedAt: request.requestedAt.toISOString(), days: request.days, reason: request.reason }
    : null;
}

/**
 * The diagnosis and the beneficiary's consent: the diagnosis is public unless the organiser
 * hid it; the hide choice and the consent are for the organiser and admins only.
 */
function presentHealthDetails(
  campaign: Pick<
    repository.CampaignRow,
    | 'diagnosis'
    | 'diagnosisHidden'
    | 'beneficiaryConsent'
    | 'beneficiaryConsentName'
    | 'beneficiaryConsentAt'
  >,
  seesPrivate: boolean,
): Pick<TCampaign, 'diagnosis' | 'diagnosisHidden' | 'beneficiaryConsent'> {
  if (!seesPrivate) {
    return { diagnosis: campaign.diagnosisHidden ? null : (campaign.diagnosis ?? null) };
  }
  const {
    beneficiaryConsent: by,
    beneficiaryConsentName: name,
    beneficiaryConsentAt: at,
  } = campaign;
  return {
    diagnosis: campaign.diagnosis ?? null,
    diagnosisHidden: campaign.diagnosisHidden,
    beneficiaryConsent: by && name && at ? { by, name, at: at.toISOString() } : null,
  };
}

/** The allow-list of what leaves the server about a campaign. */
export function presentCampaign(
  { campaign, organiser }: repository.CampaignWithOrganiser,
  viewer: Viewer,
  extra: {
    likedByMe: boolean;
    weeklyWins: Date[];
    /** The latest named supporters (none when not given). */
    supporters?: repository.Supporter[];
    /** Left out of the answer when not given (see campaignEvidence). */
    facility?: TCampaignFacility | null;
    verification?: TPublicVerification | null;
    /** Whether an edit waits for review; left out when not given, and for all but the owner. */
    changeAwaitingReview?: boolean;
  },
): TCampaign {
  const isOwner = viewer?.id === campaign.userId;
  const seesPrivate = isOwner || viewer?.role === 'admin';
  return {
    ...cardFields(campaign),
    description: campaign.description,
    location: { state: campaign.state, lga: campaign.lga },
    address: campaign.address,
    bank: campaign.bankName,
    bankCode: campaign.bankCode,
    accountNumber: seesPrivate ? campaign.accountNumber : maskAccountNumber(campaign.accountNumber),
    accountName: campaign.accountName,
    rejectionReason: seesPrivate ? campaign.rejectionReason : null,
    likes: extra.likedByMe && viewer ? [{ user: { _id: viewer.id } }] : [],
    likedByMe: extra.likedByMe,
    user: {
      _id: organiser.id,
      firstName: organiser.firstName,
      lastName: organiser.lastName,
      image: organiser.image,
    },
    weeklyWins: extra.weeklyWins.map((date) => date.toISOString()),
    isOwner,
    ...(isOwner && extra.changeAwaitingReview !== undefined
      ? { changeAwaitingReview: extra.changeAwaitingReview }
      : {}),
    extensionRequest: seesPrivate ? presentExtensionRequest(campaign) : null,
    ...presentHealthDetails(campaign, seesPrivate),
    supporters: (extra.supporters ?? []).map((supporter) => ({
      name: supporter.name,
      image: supporter.image,
    })),
    ...(extra.facility === undefined ? {} : { facility: extra.facility }),
    ...(extra.verification === undefined ? {} : { verification: extra.verification }),
  };
}

/** One of an organiser's own campaigns as their list shows it (contracts' `ZOwnCampaign`). */
export function presentOwnCampaign(
  campaign: repository.OwnCampaignSummary,
  organiser: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'image'>,
): TOwnCampaign {
  return {
    ...cardFields(campaign),
    rejectionReason: campaign.rejectionReason,
    user: {
      _id: organiser.id,
      firstName: organiser.firstName,
      lastName: organiser.lastName,
      image: organiser.image,
    },
    extensionRequest: presentExtensionRequest(campaign),
    changeAwaitingReview: campaign.pendingRevision,
  };
}

/** A campaign's facility as the API shows it; null when none was given (older campaigns). */
export function facilityOf(
  campaign: repository.CampaignRow,
  names: Map<string, string>,
): TCampaignFacility | null {
  if (campaign.facilityId) {
    const name = names.get(campaign.facilityId);
    return name ? { id: campaign.facilityId, name, listed: true } : null;
  }
  return campaign.facilityName ? { id: null, name: campaign.facilityName, listed: false } : null;
}

const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

/** What the public may read of a check: what and when, never who or which files. */
export function publicVerification(
  row: evidence.VerificationWithKinds | undefined,
): TPublicVerification | null {
  if (!row) return null;
  return {
    checkedAt: row.checkedAt.toISOString(),
    documents: row.documentKinds,
    hospitalConfirmedVia: row.hospitalConfirmedVia,
    hospitalConfirmedOn: dateOnly(row.hospitalConfirmedOn),
    accountNameMatches: row.accountNameMatches,
  };
}

/**
 * The facility (and, unless `verification` is false, the public verification) of each campaign,
 * in one query each: lists leave the verification out to stay cheap.
 */
export async function campaignEvidence(
  executor: Executor,
  campaigns: repository.CampaignRow[],
  options: { verification: boolean },
): Promise<
  Map<string, { facility: TCampaignFacility | null; verification?: TPublicVerification | null }>
> {
  const facilityIds = [
    ...new Set(campaigns.flatMap((campaign) => (campaign.facilityId ? [campaign.facilityId] : []))),
  ];
  const [names, checks] = await Promise.all([
    evidence.facilityNames(executor, facilityIds),
    options.verification
      ? evidence.verificationsOf(
          executor,
          campaigns.map((campaign) => campaign.id),
        )
      : Promise.resolve(undefined),
  ]);
  return new Map(
    campaigns.map((campaign) => [
      campaign.id,
      {
        facility: facilityOf(campaign, names),
        ...(checks ? { verification: publicVerification(checks.get(campaign.id)) } : {}),
      },
    ]),
  );
}

/**
 * Presents several campaigns with the viewer's likes, the weeks they won, their latest
 * supporters, their facility and their verification, all read in one statement; the viewer's
 * own campaigns also say whether an edit waits for review.
 */
export async function presentMany(
  executor: Executor,
  rows: repository.CampaignWithOrganiser[],
  viewer: Viewer,
): Promise<TCampaign[]> {
  const extras = await repository.campaignExtras(
    executor,
    rows.map((row) => row.campaign.id),
    viewer?.id,
  );
  return presentWithExtras(rows, extras, viewer);
}

/** Campaigns with their extras already read (repository.campaignExtras), as presentMany. */
export function presentWithExtras(
  rows: repository.CampaignWithOrganiser[],
  extras: Map<string, repository.CampaignExtras>,
  viewer: Viewer,
): TCampaign[] {
  const names = new Map<string, string>();
  for (const { campaign } of rows) {
    const name = extras.get(campaign.id)?.facilityName;
    if (campaign.facilityId && name) names.set(campaign.facilityId, name);
  }
  return rows.map((row) => {
    const extra = extras.get(row.campaign.id);
    const own = viewer !== undefined && row.campaign.userId === viewer.id;
    return presentCampaign(row, viewer, {
      // Nobody can like their own campaign.
      likedByMe: !own && extra?.liked === true,
      changeAwaitingReview: own && extra?.pendingRevision === true,
      weeklyWins: extra?.weeklyWins ?? [],
      supporters: extra?.supporters ?? [],
      facility: facilityOf(row.campaign, names),
      verification: publicVerification(extra?.verification ?? undefined),
    });
  });
}

/** One campaign as presentMany presents it. */
export async function presentOne(
  executor: Executor,
  row: repository.CampaignWithOrganiser,
  viewer: Viewer,
): Promise<TCampaign> {
  const [campaign] = await presentMany(executor, [row], viewer);
  if (!campaign) throw new Error('presentMany lost a row');
  return campaign;
}
