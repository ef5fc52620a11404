import type { PaymentReport, Payments } from './payments.ts';
import { paymentServiceDown } from './payments.ts';

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
  };
}
