import type { TCampaign } from '@ipatient/contracts/campaigns';

/** The campaign's number of succeeded donations. */
export function donationCountOf(campaign: Pick<TCampaign, 'donationCount'>): number {
  const count = campaign.donationCount;
  return Number.isSafeInteger(count) && count > 0 ? count : 0;
}

/** "1 donation", "12 donations". */
export function donationCountText(count: number): string {
  return `${count.toLocaleString('en-NG')} ${count === 1 ? 'donation' : 'donations'}`;
}
