import type { TCampaign } from '@ipatient/contracts';
import type { Executor } from '@ipatient/db';
import type { Viewer } from '../../lib/service-deps.ts';
import * as repository from './campaigns.repository.ts';

function maskAccountNumber(accountNumber: string): string {
  return `******${accountNumber.slice(-4)}`;
}

/** The allow-list of what leaves the server about a campaign. */
export function presentCampaign(
  { campaign, organiser }: repository.CampaignWithOrganiser,
  viewer: Viewer,
  extra: { likedByMe: boolean; weeklyWins: Date[] },
): TCampaign {
  const isOwner = viewer?.id === campaign.userId;
  const seesPrivate = isOwner || viewer?.role === 'admin';
  const largest = campaign.imageSizes.at(-1);
  return {
    _id: campaign.id,
    title: campaign.title,
    description: campaign.description,
    fundraisingFor: campaign.fundraisingFor,
    category: campaign.category,
    duration: campaign.duration,
    amountNeeded: campaign.amountNeeded,
    amountRaised: campaign.amountRaised,
    donationCount: campaign.donationCount,
    state: campaign.state,
    lga: campaign.lga,
    location: { state: campaign.state, lga: campaign.lga },
    address: campaign.address,
    bank: campaign.bankName,
    bankCode: campaign.bankCode,
    accountNumber: seesPrivate ? campaign.accountNumber : maskAccountNumber(campaign.accountNumber),
    accountName: campaign.accountName,
    beneficiaryType: campaign.beneficiaryType,
    firstName: campaign.beneficiaryFirstName,
    lastName: campaign.beneficiaryLastName,
    image: campaign.image,
    imageWidth: largest?.width ?? null,
    imageHeight: largest?.height ?? null,
    imageSizes: campaign.imageSizes.map((size) => ({
      width: size.width,
      height: size.height,
      path: size.key,
    })),
    status: campaign.status,
    rejectionReason: seesPrivate ? campaign.rejectionReason : null,
    likes: extra.likedByMe && viewer ? [{ user: { _id: viewer.id } }] : [],
    likesCount: campaign.likesCount,
    likedByMe: extra.likedByMe,
    user: {
      _id: organiser.id,
      firstName: organiser.firstName,
      lastName: organiser.lastName,
      image: organiser.image,
    },
    weeklyWins: extra.weeklyWins.map((date) => date.toISOString()),
    isOwner,
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
    approvedAt: campaign.approvedAt?.toISOString() ?? null,
  };
}

/** Presents several campaigns with the viewer's likes and the weeks they won, in two queries. */
export async function presentMany(
  executor: Executor,
  rows: repository.CampaignWithOrganiser[],
  viewer: Viewer,
): Promise<TCampaign[]> {
  const ids = rows.map((row) => row.campaign.id);
  const [liked, wins] = await Promise.all([
    viewer ? repository.likedBy(executor, viewer.id, ids) : Promise.resolve(new Set<string>()),
    repository.weeklyWinsOf(executor, ids),
  ]);
  return rows.map((row) =>
    presentCampaign(row, viewer, {
      likedByMe: liked.has(row.campaign.id),
      weeklyWins: wins.get(row.campaign.id) ?? [],
    }),
  );
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
