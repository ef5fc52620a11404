import type {
  KnownRefund,
  PaymentReport,
  Payments,
  RefundReport,
  TransferReport,
} from './payments.ts';
import { paymentServiceDown, wrongOtp } from './payments.ts';

interface PaystackBody {
  status?: boolean;
  message?: string;
  data?: Record<string, unknown>;
}

const STATUSES: Record<string, PaymentReport['status']> = {
  success: 'success',
  failed: 'failed',
  reversed: 'failed',
  abandoned: 'abandoned',
};

const TRANSFER_STATUSES: Record<string, TransferReport['status']> = {
  success: 'success',
  pending: 'pending',
  received: 'pending',
  queued: 'pending',
  processing: 'pending',
  otp: 'otp',
  failed: 'failed',
  abandoned: 'failed',
  blocked: 'failed',
  rejected: 'failed',
  reversed: 'reversed',
};

const REFUND_STATUSES: Record<string, RefundReport['status']> = {
  pending: 'pending',
  processing: 'pending',
  processed: 'processed',
  failed: 'failed',
};

const ok = (status: number, body: PaystackBody | undefined) =>
  status >= 200 && status < 300 && body?.status === true && body.data !== undefined;

/** A transfer's state from Paystack's `data` (POST /transfer, finalize, verify, webhooks). */
export function transferReportOf(data: Record<string, unknown>): TransferReport {
  const amount = data.amount;
  const code = data.transfer_code;
  return {
    status: TRANSFER_STATUSES[String(data.status)] ?? 'pending',
    transferCode: typeof code === 'string' ? code : undefined,
    amountKobo: typeof amount === 'number' ? amount : undefined,
    detail: {
      status: data.status,
      amount,
      transfer_code: code,
      reference: data.reference,
      reason: data.reason,
      failures: data.failures,
    },
  };
}

/** A refund's state from Paystack's `data` (POST /refund's answer, an item of GET /refund). */
function refundReportOf(data: Record<string, unknown>): RefundReport {
  const id = data.id;
  return {
    status: REFUND_STATUSES[String(data.status)] ?? 'pending',
    refundId: typeof id === 'number' || typeof id === 'string' ? String(id) : undefined,
    detail: { status: data.status, amount: data.amount, id },
  };
}

/** The id of the payment a listed refund is of (a number, or an object with its id). */
function refundedTransaction(data: Record<string, unknown>): string | undefined {
  const of = data.transaction;
  const id = of !== null && typeof of === 'object' ? (of as Record<string, unknown>).id : of;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
}

/** A listed refund of the payment `transactionId`, or undefined (another's, or unreadable). */
function knownRefundOf(item: unknown, transactionId: string): KnownRefund | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  const data = item as Record<string, unknown>;
  const of = refundedTransaction(data);
  if (of !== undefined && of !== transactionId) return undefined;
  const report = refundReportOf(data);
  const amountKobo = Number(data.amount);
  if (!report.refundId || !Number.isSafeInteger(amountKobo)) return undefined;
  const note = data.merchant_note;
  return {
    ...report,
    refundId: report.refundId,
    amountKobo,
    note: typeof note === 'string' ? note : undefined,
  };
}

/**
 * Paystack (https://paystack.com/docs/api/transaction): POST /transaction/initialize, GET
 * /transaction/verify/{reference}; webhooks signed with the secret key.
 */
export function paystackPayments(options: {
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
  log?: (message: string, detail: Record<string, unknown>) => void;
}): Payments {
  const timeoutMs = options.timeoutMs ?? 8000;

  async function call(
    what: string,
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
  ): Promise<{ status: number; body: PaystackBody | undefined }> {
    try {
      const response = await fetch(`${options.baseUrl}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json().catch(() => undefined)) as PaystackBody | undefined;
      return { status: response.status, body };
    } catch (error) {
      options.log?.(`paystack ${what} failed`, { reason: (error as Error).name });
      throw paymentServiceDown(error);
    }
  }

  return {
    provider: 'paystack',
    webhookSecret: options.secretKey,

    async initialize(input) {
      const { status, body } = await call('initialize', '/transaction/initialize', {
        method: 'POST',
        body: {
          email: input.email,
          amount: input.amountKobo,
          reference: input.reference,
          currency: input.currency,
          callback_url: input.callbackUrl,
          metadata: input.metadata,
          channels: input.channels,
        },
      });
      const url = body?.data?.authorization_url;
      if (status >= 200 && status < 300 && body?.status === true && typeof url === 'string') {
        return { authorizationUrl: url };
      }
      options.log?.('paystack initialize refused', { status, message: body?.message });
      throw paymentServiceDown();
    },

    async verify(reference) {
      const { status, body } = await call(
        'verify',
        `/transaction/verify/${encodeURIComponent(reference)}`,
        { method: 'GET' },
      );
      const data = body?.data;
      if (status >= 200 && status < 300 && body?.status === true && data) {
        const amount = data.amount;
        const currency = data.currency;
        return {
          status: STATUSES[String(data.status)] ?? 'pending',
          amountKobo: typeof amount === 'number' ? amount : undefined,
          currency: typeof currency === 'string' ? currency : undefined,
          channel: typeof data.channel === 'string' ? data.channel : undefined,
          detail: {
            status: data.status,
            amount,
            currency,
            gateway_response: data.gateway_response,
            paid_at: data.paid_at,
            channel: data.channel,
            id: data.id,
          },
        };
      }
      // Paystack answers 400/404 while it does not know the reference (nothing paid yet).
      if (status === 400 || status === 404) {
        return {
          status: 'pending',
          amountKobo: undefined,
          currency: undefined,
          detail: { message: body?.message },
        };
      }
      options.log?.('paystack verify refused', { status, message: body?.message });
      throw paymentServiceDown();
    },

    // Transfers: https://paystack.com/docs/transfers/single-transfers
    async createRecipient(input) {
      const { status, body } = await call('recipient', '/transferrecipient', {
        method: 'POST',
        body: {
          type: 'nuban',
          name: input.name,
          account_number: input.accountNumber,
          bank_code: input.bankCode,
          currency: 'NGN',
        },
      });
      const code = body?.data?.recipient_code;
      if (ok(status, body) && typeof code === 'string') return { recipientCode: code };
      options.log?.('paystack recipient refused', { status, message: body?.message });
      throw paymentServiceDown();
    },

    async transfer(input) {
      const { status, body } = await call('transfer', '/transfer', {
        method: 'POST',
        body: {
          source: 'balance',
          amount: input.amountKobo,
          recipient: input.recipientCode,
          reference: input.reference,
          reason: input.reason,
          currency: 'NGN',
        },
      });
      if (ok(status, body) && body?.data) return transferReportOf(body.data);
      // Refused outright (no balance, a bad recipient): nothing was sent, the money stays ours.
      if (status === 400 || status === 422) {
        options.log?.('paystack transfer refused', { status, message: body?.message });
        return {
          status: 'failed',
          transferCode: undefined,
          amountKobo: input.amountKobo,
          detail: { message: body?.message },
        };
      }
      options.log?.('paystack transfer failed', { status, message: body?.message });
      throw paymentServiceDown();
    },

    async finalizeTransfer(transferCode, otp) {
      const { status, body } = await call('finalize', '/transfer/finalize_transfer', {
        method: 'POST',
        body: { transfer_code: transferCode, otp },
      });
      if (ok(status, body) && body?.data) return transferReportOf(body.data);
      if (status === 400 || status === 422) throw wrongOtp();
      options.log?.('paystack finalize refused', { status, message: body?.message });
      throw paymentServiceDown();
    },

    async verifyTransfer(reference) {
      const { status, body } = await call(
        'verify transfer',
        `/transfer/verify/${encodeURIComponent(reference)}`,
        { method: 'GET' },
      );
      if (ok(status, body) && body?.data) return transferReportOf(body.data);
      if (status === 400 || status === 404) {
        return {
          status: 'unknown',
          transferCode: undefined,
          amountKobo: undefined,
          detail: { message: body?.message },
        };
      }
      options.log?.('paystack verify transfer refused', { status, message: body?.message });
      throw paymentServiceDown();
    },

    // Refunds: https://paystack.com/docs/payments/refunds
    async refund(input) {
      const { status, body } = await call('refund', '/refund', {
        method: 'POST',
        body: {
          transaction: input.transactionReference,
          amount: input.amountKobo,
          ...(input.note ? { merchant_note: input.note } : {}),
        },
      });
      const data = body?.data;
      if (ok(status, body) && data) return refundReportOf(data);
      if (status === 400 || status === 422) {
        options.log?.('paystack refund refused', { status, message: body?.message });
        return { status: 'failed', refundId: undefined, detail: { message: body?.message } };
      }
      options.log?.('paystack refund failed', { status, message: body?.message });
      throw paymentServiceDown();
    },

    // GET /refund lists refunds by the payment's id (not its reference): the payment first.
    async findRefunds(transactionReference) {
      const payment = await call(
        'verify',
        `/transaction/verify/${encodeURIComponent(transactionReference)}`,
        { method: 'GET' },
      );
      // A payment Paystack does not know has no refunds.
      if (payment.status === 400 || payment.status === 404) return [];
      const paymentId = payment.body?.data?.id;
      if (
        !ok(payment.status, payment.body) ||
        (typeof paymentId !== 'number' && typeof paymentId !== 'string')
      ) {
        options.log?.('paystack verify for refunds refused', { status: payment.status });
        throw paymentServiceDown();
      }
      const transactionId = String(paymentId);
      const { status, body } = await call(
        'list refunds',
        `/refund?transaction=${encodeURIComponent(transactionId)}&perPage=100`,
        { method: 'GET' },
      );
      const list: unknown = body?.data;
      if (status < 200 || status >= 300 || body?.status !== true || !Array.isArray(list)) {
        options.log?.('paystack list refunds refused', { status, message: body?.message });
        throw paymentServiceDown();
      }
      return list.flatMap((item) => knownRefundOf(item, transactionId) ?? []);
    },
  };
}
