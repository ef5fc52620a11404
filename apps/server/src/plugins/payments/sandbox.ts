import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Database } from '@ipatient/db';
import { AppError } from '../errors.ts';
import type { Payments, TransferReport } from './payments.ts';
import { wrongOtp } from './payments.ts';
import {
  decideSandboxPayment,
  decideSandboxRefund,
  findSandboxPayment,
  findSandboxTransfer,
  insertSandboxPayment,
  insertSandboxRefund,
  insertSandboxTransfer,
  listSandboxRefunds,
  moveSandboxTransfer,
  type SandboxPaymentRow,
  type SandboxTransferRow,
} from './sandbox.repository.ts';

export type { SandboxPaymentRow, SandboxTransferRow } from './sandbox.repository.ts';

/** The code the sandbox asks for before a transfer leaves (Paystack texts it to the business). */
export const SANDBOX_TRANSFER_OTP = '123456';

/** A webhook the sandbox sends, as Paystack would (signed by whoever delivers it). */
export interface SandboxEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The sandbox's own controls: the checkout's Pay and Fail, the sandbox bank's transfer and refund outcomes. */
export interface SandboxControls {
  find(reference: string): Promise<SandboxPaymentRow | undefined>;
  /** Marks a pending payment paid or failed, by the way the donor chose; false when it was already decided. */
  complete(reference: string, outcome: 'success' | 'failed', channel: string): Promise<boolean>;
  findTransfer(reference: string): Promise<SandboxTransferRow | undefined>;
  /**
   * The sandbox bank settles a transfer it holds (pending: success or failed; success:
   * reversed) and returns the webhook Paystack would send; undefined when the move is not open.
   */
  settleTransfer(
    reference: string,
    outcome: 'success' | 'failed' | 'reversed',
  ): Promise<SandboxEvent | undefined>;
  /** The sandbox processes or fails a pending refund and returns the webhook. */
  settleRefund(id: string, outcome: 'processed' | 'failed'): Promise<SandboxEvent | undefined>;
}

function transferEventData(row: SandboxTransferRow): Record<string, unknown> {
  return {
    reference: row.reference,
    transfer_code: row.transferCode,
    amount: row.amountKobo,
    currency: 'NGN',
    status: row.status,
    reason: row.reason,
    recipient: { recipient_code: row.recipientCode },
  };
}

function reportOf(row: SandboxTransferRow): TransferReport {
  return {
    status: row.status,
    transferCode: row.transferCode,
    amountKobo: row.amountKobo,
    detail: { status: row.status, amount: row.amountKobo, transfer_code: row.transferCode },
  };
}

const randomCode = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export interface SandboxPayments extends Payments {
  readonly sandbox: SandboxControls;
}

/** The sandbox's webhook key, derived from the app's own secret (stable across restarts). */
export function sandboxWebhookSecret(appSecret: string): string {
  return createHmac('sha256', appSecret).update('ipatient sandbox payments webhook').digest('hex');
}

/**
 * The embedded default: a local checkout page ("sandbox: no real money") with Pay and Fail
 * buttons. Its records stand where Paystack's would, in `sandbox_payments`.
 */
export function sandboxPaymentsProvider(options: {
  db: Database;
  secret: string;
  /** Ask for SANDBOX_TRANSFER_OTP before a transfer leaves, as Paystack does by default. */
  transferOtp?: boolean;
}): SandboxPayments {
  const { db } = options;
  const transferOtp = options.transferOtp ?? true;
  return {
    provider: 'sandbox',
    webhookSecret: options.secret,

    async initialize(input) {
      await insertSandboxPayment(db, {
        reference: input.reference,
        amountKobo: input.amountKobo,
        currency: input.currency,
        email: input.email,
        callbackUrl: input.callbackUrl,
        channels: [...input.channels],
      });
      // The checkout page lives on the same site as the page the donor comes back to.
      const site = new URL(input.callbackUrl).origin;
      return {
        authorizationUrl: `${site}/sandbox-checkout/${encodeURIComponent(input.reference)}`,
      };
    },

    async verify(reference) {
      const row = await findSandboxPayment(db, reference);
      if (!row) {
        return { status: 'pending', amountKobo: undefined, currency: undefined, detail: {} };
      }
      return {
        status: row.status,
        amountKobo: row.amountKobo,
        currency: row.currency,
        channel: row.channel ?? undefined,
        detail: {
          status: row.status,
          amount: row.amountKobo,
          currency: row.currency,
          channel: row.channel,
        },
      };
    },

    async createRecipient(input) {
      const digest = createHash('sha256')
        .update(`${input.bankCode}:${input.accountNumber}`)
        .digest('hex');
      return { recipientCode: `RCP_sandbox${digest.slice(0, 12)}` };
    },

    async transfer(input) {
      const inserted = await insertSandboxTransfer(db, {
        reference: input.reference,
        transferCode: randomCode('TRF'),
        recipientCode: input.recipientCode,
        amountKobo: input.amountKobo,
        reason: input.reason,
        status: transferOtp ? 'otp' : 'pending',
      });
      if (!inserted) {
        // As Paystack: a reference is used once; the transfer it started is what counts.
        throw new AppError('CONFLICT', 'A transfer with this reference was already started.');
      }
      return reportOf(inserted);
    },

    async finalizeTransfer(transferCode, otp) {
      const row = await findSandboxTransfer(db, { transferCode });
      if (!row) throw AppError.notFound('Transfer');
      if (row.status !== 'otp') return reportOf(row);
      if (otp !== SANDBOX_TRANSFER_OTP) throw wrongOtp();
      const moved = await moveSandboxTransfer(db, row.reference, ['otp'], 'pending');
      return reportOf(moved ?? row);
    },

    async verifyTransfer(reference) {
      const row = await findSandboxTransfer(db, { reference });
      if (!row) {
        return { status: 'unknown', transferCode: undefined, amountKobo: undefined, detail: {} };
      }
      return reportOf(row);
    },

    async refund(input) {
      const row = await insertSandboxRefund(db, {
        id: randomCode('RFD'),
        transactionReference: input.transactionReference,
        amountKobo: input.amountKobo,
      });
      return { status: 'pending', refundId: row.id, detail: { status: 'pending', id: row.id } };
    },

    // As Paystack's list: the sandbox keeps no note, so a retry matches by payment and amount.
    async findRefunds(transactionReference) {
      const rows = await listSandboxRefunds(db, transactionReference);
      return rows.map((row) => ({
        status: row.status,
        refundId: row.id,
        amountKobo: row.amountKobo,
        note: undefined,
        detail: { status: row.status, amount: row.amountKobo, id: row.id },
      }));
    },

    sandbox: {
      find: (reference) => findSandboxPayment(db, reference),
      complete: (reference, outcome, channel) =>
        decideSandboxPayment(db, reference, outcome, channel, new Date()),
      findTransfer: (reference) => findSandboxTransfer(db, { reference }),
      async settleTransfer(reference, outcome) {
        const from: SandboxTransferRow['status'][] =
          outcome === 'reversed' ? ['success'] : ['pending'];
        const row = await moveSandboxTransfer(db, reference, from, outcome);
        if (!row) return undefined;
        return { event: `transfer.${outcome}`, data: transferEventData(row) };
      },
      async settleRefund(id, outcome) {
        const row = await decideSandboxRefund(db, id, outcome);
        if (!row) return undefined;
        return {
          event: `refund.${outcome}`,
          data: {
            id: row.id,
            refund_reference: row.id,
            transaction_reference: row.transactionReference,
            amount: row.amountKobo,
            currency: 'NGN',
            status: row.status,
          },
        };
      },
    },
  };
}

/**
 * The account the sandbox "makes" for a Pay with Transfer payment, as Paystack shows one on its
 * checkout: a 10-digit number taken from the reference, so the page shows the same one each time.
 */
export function sandboxTransferAccount(reference: string): {
  bankName: string;
  accountNumber: string;
} {
  const digest = createHash('sha256').update(`transfer:${reference}`).digest();
  const number = (digest.readUInt32BE(0) % 1_000_000_000).toString().padStart(9, '0');
  return { bankName: 'Sandbox Microfinance Bank', accountNumber: `9${number}` };
}

/** The USSD code the sandbox checkout shows (the form of GTBank's *737*: amount, then a code). */
export function sandboxUssdCode(reference: string, amountKobo: number): string {
  const digest = createHash('sha256').update(`ussd:${reference}`).digest();
  const code = (digest.readUInt32BE(0) % 10_000).toString().padStart(4, '0');
  return `*737*000*${Math.ceil(amountKobo / 100)}*${code}#`;
}
