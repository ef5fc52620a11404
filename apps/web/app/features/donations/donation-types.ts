import type {
  TDonationReceipt,
  TDonationVerification,
  TGreenHeartFund,
  TMyDonation,
  TPublicDonation,
  TSandboxCheckout,
} from '@ipatient/contracts/donations';

export { donationLimits } from '@ipatient/contracts/donations';

/** One succeeded donation of a campaign (GET /crowdfunding/{id}/donations). */
export type DonationItem = TPublicDonation;

/** A page of a campaign's donations, newest first. */
export interface DonationPage {
  donations: DonationItem[];
  page: number;
  limit: number;
  total: number;
}

/** GET /donations/verify/{reference}. */
export type DonationVerification = TDonationVerification;

/** GET /donations/sandbox/{reference}. */
export type SandboxPayment = TSandboxCheckout;

/** How many donations a campaign page lists at a time. */
export const donationsPerPage = 10;

/** GET /green-heart-fund. */
export type GreenHeartFund = TGreenHeartFund;

/** GET /donations/receipt: a gift seen through its signed link. */
export type DonationReceipt = TDonationReceipt;

/** One of the signed-in member's gifts, with its receipt link (GET /donations/mine). */
export type MyDonation = TMyDonation;

/** A page of the member's gifts, newest first. */
export interface MyDonationPage {
  donations: MyDonation[];
  page: number;
  limit: number;
  total: number;
}

/** How many of their gifts the account page lists at a time. */
export const myDonationsPerPage = 10;
