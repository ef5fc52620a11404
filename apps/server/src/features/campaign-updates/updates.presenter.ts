import type {
  TCampaignUpdate,
  TOrganiserGift,
  TOwnCampaignUpdate,
  TWordOfSupport,
} from '@ipatient/contracts/campaign-updates';
import { donationTexts } from '@ipatient/contracts/donations';
import { presentImageSizes } from '../../lib/present-image-sizes.ts';
import type * as repository from './updates.repository.ts';

export function presentUpdate(row: repository.UpdateRow): TCampaignUpdate {
  return {
    _id: row.id,
    body: row.body,
    imageSizes: presentImageSizes(row.imageSizes),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentOwnUpdate(row: repository.UpdateRow): TOwnCampaignUpdate {
  return {
    ...presentUpdate(row),
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    hiddenReason: row.hiddenReason,
  };
}

export const donorName = (row: repository.DonationRow) =>
  row.anonymous ? donationTexts.anonymousName : row.donorName;

export function presentWord(row: repository.DonationRow): TWordOfSupport {
  return {
    _id: row.id,
    name: donorName(row),
    amount: naira(row.amountKobo),
    message: row.message ?? '',
    paidAt: (row.paidAt ?? row.updatedAt).toISOString(),
  };
}

export function presentGift(row: repository.DonationRow): TOrganiserGift {
  return {
    _id: row.id,
    name: donorName(row),
    amount: naira(row.amountKobo),
    message: row.message?.trim() ? row.message : null,
    paidAt: (row.paidAt ?? row.updatedAt).toISOString(),
    messageHidden: row.messageHiddenAt !== null,
    messageReported: row.messageReportedAt !== null,
    thanked: row.thankedAt !== null,
  };
}

const naira = (kobo: number) => kobo / 100;
