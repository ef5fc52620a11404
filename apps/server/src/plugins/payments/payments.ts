import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentChannel, PaymentProvider } from '@ipatient/contracts/donation-rules';
import { donationTexts } from '@ipatient/contracts/donations';
import { AppError } from '../errors.ts';

export interface InitializePayment {
  reference: string;
  amountKobo: number;
  currency: 'NGN';
  email: string;
  callbackUrl: string;
  metadata: { campaignId: string; donationId: string };
  /** The ways the checkout offers (Paystack's `channels`). */
  channels: readonly PaymentChannel[];
}

/** What the provider says about a payment. `pending`: not finished (or not known yet). */
export interface PaymentReport {
  status: 'success' | 'failed' | 'abandoned' | 'pending';
  amountKobo: number | undefined;
  currency: string | undefined;
  /** How the donor paid (Paystack's `channel`: card, bank_transfer, ussd, bank...), when known. */
  channel?: string | undefined;
  /** A trimmed copy of the provider's answer, kept on the donation for support. */
  detail: Record<string, unknown>;
}

/** A bank account to pay (Paystack's `nuban` transfer recipient). */
export interface TransferRecipientInput {
  name: string;
  accountNumber: string;
  bankCode: string;
}

export interface TransferInput {
  /** Ours, unique per payout: the provider refuses a second transfer with it. */
  reference: string;
  amountKobo: number;
  recipientCode: string;
  reason: string;
}

/**
 * What the provider says about a transfer. `otp`: it waits for the code sent to the business
 * (finalize it); `pending`: the bank has it; `unknown`: the provider has no transfer with this
 * reference (it was never started).
 */
export interface TransferReport {
  status: 'success' | 'pending' | 'otp' | 'failed' | 'reversed' | 'unknown';
  transferCode: string | undefined;
  amountKobo: number | undefined;
  detail: Record<string, unknown>;
}

export interface RefundReport {
  status: 'pending' | 'processed' | 'failed';
  /** The provider's id for the refund, when it gives one. */
  refundId: string | undefined;
  detail: Record<string, unknown>;
}

export interface RefundInput {
  transactionReference: string;
  amountKobo: number;
  /** Ours, naming the refund (Paystack keeps it as the merchant note): a retry finds it by it. */
  note?: string;
}

/** A refund the provider already holds for a payment. */
export interface KnownRefund extends RefundReport {
  refundId: string;
  amountKobo: number;
  /** The note it was sent with, when the provider keeps one. */
  note: string | undefined;
}

/**
 * A payment provider: Paystack when PAYSTACK_SECRET_KEY is set, else the sandbox (no real
 * money). The money code knows providers only through this interface. Every call throws 503
 * (`paymentServiceDown`) when the provider does not answer.
 */
export interface Payments {
  readonly provider: PaymentProvider;
  /** Starts a checkout; returns where to send the donor. */
  initialize(input: InitializePayment): Promise<{ authorizationUrl: string }>;
  /** Asks the provider about a payment. */
  verify(reference: string): Promise<PaymentReport>;
  /** Registers a bank account as a transfer recipient (RCP_…). */
  createRecipient(input: TransferRecipientInput): Promise<{ recipientCode: string }>;
  /** Starts a transfer from the business balance. */
  transfer(input: TransferInput): Promise<TransferReport>;
  /** Completes a transfer that waits for its OTP; a wrong code is a 400 naming the code. */
  finalizeTransfer(transferCode: string, otp: string): Promise<TransferReport>;
  /** Asks the provider about a transfer by our reference. */
  verifyTransfer(reference: string): Promise<TransferReport>;
  /** Returns a payment (whole or part) to the payer's card or account. */
  refund(input: RefundInput): Promise<RefundReport>;
  /**
   * The refunds the provider holds for a payment ([] when it knows the payment has none): what
   * a retry looks at before sending a refund again, since a request that got no answer may
   * still have reached it.
   */
  findRefunds(transactionReference: string): Promise<KnownRefund[]>;
  /** The key webhooks are signed with (HMAC-SHA512 of the raw body). */
  readonly webhookSecret: string;
}

export const wrongOtp = () =>
  new AppError('VALIDATION', 'That transfer code is not right. Check the code and try again.', {
    errors: { otp: 'That transfer code is not right. Check the code and try again.' },
  });

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
