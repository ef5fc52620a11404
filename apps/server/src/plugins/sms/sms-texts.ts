import { brand } from '@ipatient/contracts/brand';

/**
 * The texts of notifications by SMS. Each fits one segment (160 GSM characters: no ₦ sign, no
 * curly quotes) and says nothing about anyone's health: no campaign title, hospital or story,
 * only what happened and a reference to find the rest in the email or on the account.
 */

const naira = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });

/** A signed-in member's donation went through. */
export function donationReceiptText(options: { amountKobo: number; reference: string }): string {
  return `${brand.siteName}: thank you! Your donation of NGN ${naira.format(Math.round(options.amountKobo / 100))} was received. Ref ${options.reference}. Your receipt is in your email.`;
}

/** The member's complaint moved on. */
export function complaintStatusText(options: { reference: string; statusLabel: string }): string {
  return `${brand.siteName}: your complaint ${options.reference} is now ${options.statusLabel.toLowerCase()}. See your email or your account for details.`;
}
