import type { TCampaign } from '@ipatient/contracts/campaigns';

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
