import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider } from '@ipatient/contracts/donation-rules';
import { donationTexts } from '@ipatient/contracts/donations';
import { AppError } from '../errors.ts';

export interface InitializePayment {
  reference: string;
  amountKobo: number;
  currency: 'NGN';
  email: string;
  callbackUrl: string;
  metadata: { campaignId: string; donationId: string };
}

/** What the provider says about a payment. `pending`: not finished (or not known yet). */
export interface PaymentReport {
  status: 'success' | 'failed' | 'abandoned' | 'pending';
  amountKobo: number | undefined;
  currency: string | undefined;
  /** A trimmed copy of the provider's answer, kept on the donation for support. */
  detail: Record<string, unknown>;
}

/**
 * A payment provider: Paystack when PAYSTACK_SECRET_KEY is set, else the sandbox (no real
 * money). The donation code knows providers only through this interface.
 */
export interface Payments {
  readonly provider: PaymentProvider;
  /** Starts a checkout; returns where to send the donor. Throws 503 when the provider fails. */
  initialize(input: InitializePayment): Promise<{ authorizationUrl: string }>;
  /** Asks the provider about a payment. Throws 503 when the provider fails. */
  verify(reference: string): Promise<PaymentReport>;
  /** The key webhooks are signed with (HMAC-SHA512 of the raw body). */
  readonly webhookSecret: string;
}

export const paymentServiceDown = (cause?: unknown) =>
  new AppError('UNAVAILABLE', donationTexts.providerDown, { cause });

/** Hex HMAC-SHA512 of the raw body, as Paystack's `x-paystack-signature`. */
export function signWebhook(secret: string, body: Buffer | string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/** Compares the signature header with the expected one in constant time. */
export function hasValidSignature(
  secret: string,
  body: Buffer,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(signWebhook(secret, body), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
