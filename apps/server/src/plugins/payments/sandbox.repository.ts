import { and, type Database, eq, sandboxPayments } from '@ipatient/db';

/** The sandbox's own records of payments, standing where Paystack's would. */
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

export async function insertSandboxPayment(
  db: Database,
  payment: Pick<
    typeof sandboxPayments.$inferInsert,
    'reference' | 'amountKobo' | 'currency' | 'email' | 'callbackUrl'
  >,
): Promise<void> {
  await db.insert(sandboxPayments).values(payment);
}

export async function findSandboxPayment(
  db: Database,
  reference: string,
): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.reference, reference))
    .limit(1);
  return row;
}

/** Decides a pending payment; false when it was already decided (or is unknown). */
export async function decideSandboxPayment(
  db: Database,
  reference: string,
  outcome: 'success' | 'failed',
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sandboxPayments)
    .set({ status: outcome, paidAt: outcome === 'success' ? now : null })
    .where(and(eq(sandboxPayments.reference, reference), eq(sandboxPayments.status, 'pending')))
    .returning({ reference: sandboxPayments.reference });
  return rows.length > 0;
}
