import { createHmac } from 'node:crypto';
import { and, type Database, eq, sandboxPayments } from '@ipatient/db';
import type { Payments } from './payments.ts';

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

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
      await db.insert(sandboxPayments).values({
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
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.reference, reference))
        .limit(1);
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
      async find(reference) {
        const [row] = await db
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.reference, reference))
          .limit(1);
        return row;
      },
      async complete(reference, outcome) {
        const rows = await db
          .update(sandboxPayments)
          .set({ status: outcome, paidAt: outcome === 'success' ? new Date() : null })
          .where(
            and(eq(sandboxPayments.reference, reference), eq(sandboxPayments.status, 'pending')),
          )
          .returning({ reference: sandboxPayments.reference });
        return rows.length > 0;
      },
    },
  };
}
