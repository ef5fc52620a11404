import { createHmac } from 'node:crypto';
import type { Database } from '@ipatient/db';
import type { Payments } from './payments.ts';
import {
  decideSandboxPayment,
  findSandboxPayment,
  insertSandboxPayment,
  type SandboxPaymentRow,
} from './sandbox.repository.ts';

export type { SandboxPaymentRow } from './sandbox.repository.ts';

/** The sandbox checkout's own controls (the Pay and Fail buttons). */
export interface SandboxControls {
  find(reference: string): Promise<SandboxPaymentRow | undefined>;
  /** Marks a pending payment paid or failed; false when it was already decided. */
  complete(reference: string, outcome: 'success' | 'failed'): Promise<boolean>;
}

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
}): SandboxPayments {
  const { db } = options;
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
        detail: { status: row.status, amount: row.amountKobo, currency: row.currency },
      };
    },

    sandbox: {
      find: (reference) => findSandboxPayment(db, reference),
      complete: (reference, outcome) => decideSandboxPayment(db, reference, outcome, new Date()),
    },
  };
}
