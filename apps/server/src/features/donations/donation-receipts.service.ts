import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  donationTexts,
  type TDonationReceipt,
  type TDonationReceiptQuery,
  type TMyDonation,
  type TMyDonationsQuery,
} from '@ipatient/contracts/donations';
import type { Database } from '@ipatient/db';
import { AppError } from '../../plugins/errors.ts';
import * as repository from './donations.repository.ts';

/**
 * The key signing the links to a gift's own page (in its receipt email): its own purpose, so a
 * link's signature is nothing else's.
 */
export function receiptLinkKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('donation-receipt-links').digest();
}

/** The signature of a gift's receipt link: HMAC-SHA256 of its reference, base64url (43 characters). */
export function receiptSignature(key: Buffer, reference: string): string {
  return createHmac('sha256', key).update(`receipt:${reference}`).digest('base64url');
}

/** The receipt page's path with its signature: anyone holding it sees that one gift. */
export function receiptPath(key: Buffer, reference: string): string {
  const query = new URLSearchParams({ ref: reference, sig: receiptSignature(key, reference) });
  return `/donations/receipt?${query}`;
}

function signatureMatches(key: Buffer, reference: string, given: string): boolean {
  const expected = Buffer.from(receiptSignature(key, reference));
  const candidate = Buffer.from(given);
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

const naira = (kobo: number) => kobo / 100;

function presentGift(row: repository.GiftRow): TDonationReceipt {
  const { donation } = row;
  return {
    reference: donation.reference,
    campaignId: donation.campaignId,
    campaignTitle: row.campaignTitle ?? donationTexts.fundName,
    amount: naira(donation.amountKobo),
    fee: naira(donation.feeKobo),
    received: naira(donation.amountKobo - donation.feeKobo),
    feeCovered: donation.feeCovered,
    status: donation.status,
    channel: donation.channel,
    createdAt: donation.createdAt.toISOString(),
    paidAt: donation.paidAt?.toISOString() ?? null,
  };
}

/** GET /donations/mine: the member's own gifts (never anyone else's), newest first. */
export async function listMyDonations(
  db: Database,
  key: Buffer,
  userId: string,
  query: TMyDonationsQuery,
): Promise<{ results: TMyDonation[]; meta: { page: number; limit: number; total: number } }> {
  const { rows, total } = await repository.listGiftsOf(db, userId, query);
  return {
    results: rows.map((row) => ({
      ...presentGift(row),
      receiptPath: receiptPath(key, row.donation.reference),
    })),
    meta: { page: query.page, limit: query.limit, total },
  };
}

/** GET /donations/receipt: the gift behind a signed link; any other signature is not found. */
export async function donationReceipt(
  db: Database,
  key: Buffer,
  query: TDonationReceiptQuery,
): Promise<TDonationReceipt> {
  const notFound = () => AppError.notFound('Donation');
  if (!signatureMatches(key, query.ref, query.sig)) throw notFound();
  const row = await repository.findGift(db, query.ref);
  if (!row) throw notFound();
  return presentGift(row);
}
