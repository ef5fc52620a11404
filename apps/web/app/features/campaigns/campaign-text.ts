import { campaignTimeLeftText } from '@ipatient/contracts/campaign-rules';
import type { TCampaign } from '@ipatient/contracts/campaigns';
import { formatDate } from '@ipatient/contracts/format';

/** The fields the campaign lists and cards show (the full campaign is only needed on its page). */
export type CampaignListItem = Pick<
  TCampaign,
  | '_id'
  | 'title'
  | 'description'
  | 'fundraisingFor'
  | 'state'
  | 'lga'
  | 'image'
  | 'imageWidth'
  | 'imageHeight'
  | 'imageSizes'
  | 'likesCount'
  | 'weeklyWins'
  | 'amountRaised'
  | 'amountNeeded'
  | 'donationCount'
  | 'endsAt'
  | 'ended'
  | 'supporters'
>;

/** Where a campaign's page is. */
export function campaignPath(id: string): string {
  return `/campaigns/${encodeURIComponent(id)}`;
}

/** The heading every card and page uses (docs/product.md#campaigns: 'Save {fundraisingFor}'). */
export function campaignHeading(campaign: Pick<TCampaign, 'fundraisingFor'>): string {
  return `Save ${campaign.fundraisingFor}`;
}

/** 'lga, state' (docs/product.md#campaigns). */
export function campaignPlace(campaign: Pick<TCampaign, 'lga' | 'state'>): string {
  return [campaign.lga, campaign.state].filter(Boolean).join(', ');
}

/** The organiser's full name. */
export function organiserName(campaign: Pick<TCampaign, 'user'>): string {
  return `${campaign.user.firstName} ${campaign.user.lastName}`.trim();
}

/** Who the money is for: the beneficiary's name when the wizard asked for it, else fundraisingFor. */
export function beneficiaryName(
  campaign: Pick<TCampaign, 'fundraisingFor' | 'firstName' | 'lastName'>,
): string {
  const name = [campaign.firstName, campaign.lastName].filter(Boolean).join(' ').trim();
  return name || campaign.fundraisingFor;
}

/** "1 Green-Heart", "12 Green-Hearts". */
export function greenHearts(count: number): string {
  return `${count.toLocaleString('en-NG')} Green-Heart${count === 1 ? '' : 's'}`;
}

/** The story's paragraphs: blank lines separate them; single line breaks stay inside. */
export function storyParagraphs(description: string): string[] {
  return description
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** "12 days left", "Last day" or "Ended on 3 March 2026"; null before approval. */
export function timeLeftText(
  campaign: Pick<TCampaign, 'endsAt'>,
  now: Date = new Date(),
): string | null {
  return campaignTimeLeftText(campaign.endsAt, now, formatDate);
}

/** Initials of a supporter's name for the avatar stack ("Ada Obi" → "AO"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters.map((word) => word?.charAt(0).toUpperCase() ?? '').join('') || '?';
}
