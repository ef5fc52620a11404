import {
  and,
  type Database,
  eq,
  inArray,
  sandboxPayments,
  sandboxRefunds,
  sandboxTransfers,
  sql,
} from '@ipatient/db';

/** The sandbox's own records of payments, standing where Paystack's would. */
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

export async function insertSandboxPayment(
  db: Database,
  payment: Pick<
    typeof sandboxPayments.$inferInsert,
    'reference' | 'amountKobo' | 'currency' | 'email' | 'callbackUrl' | 'channels'
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
  channel: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sandboxPayments)
    .set({ status: outcome, channel, paidAt: outcome === 'success' ? now : null })
    .where(and(eq(sandboxPayments.reference, reference), eq(sandboxPayments.status, 'pending')))
    .returning({ reference: sandboxPayments.reference });
  return rows.length > 0;
}

export type SandboxTransferRow = typeof sandboxTransfers.$inferSelect;
export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;

/** Records a transfer; a second one with the same reference is refused (undefined), as Paystack does. */
export async function insertSandboxTransfer(
  db: Database,
  row: typeof sandboxTransfers.$inferInsert,
): Promise<SandboxTransferRow | undefined> {
  const [inserted] = await db
    .insert(sandboxTransfers)
    .values(row)
    .onConflictDoNothing({ target: sandboxTransfers.reference })
    .returning();
  return inserted;
}

export async function findSandboxTransfer(
  db: Database,
  where: { reference: string } | { transferCode: string },
): Promise<SandboxTransferRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxTransfers)
    .where(
      'reference' in where
        ? eq(sandboxTransfers.reference, where.reference)
        : eq(sandboxTransfers.transferCode, where.transferCode),
    )
    .limit(1);
  return row;
}

/** Moves a transfer from one state to the next; undefined when it was not in `from`. */
export async function moveSandboxTransfer(
  db: Database,
  reference: string,
  from: SandboxTransferRow['status'][],
  to: SandboxTransferRow['status'],
): Promise<SandboxTransferRow | undefined> {
  const [row] = await db
    .update(sandboxTransfers)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(sandboxTransfers.reference, reference), inArray(sandboxTransfers.status, from)))
    .returning();
  return row;
}

export async function insertSandboxRefund(
  db: Database,
  row: typeof sandboxRefunds.$inferInsert,
): Promise<SandboxRefundRow> {
  const [inserted] = await db.insert(sandboxRefunds).values(row).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

/** The refunds the sandbox holds for a payment, oldest first. */
export async function listSandboxRefunds(
  db: Database,
  transactionReference: string,
): Promise<SandboxRefundRow[]> {
  return db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.transactionReference, transactionReference))
    .orderBy(sandboxRefunds.createdAt, sandboxRefunds.id);
}

export async function findSandboxRefund(
  db: Database,
  id: string,
): Promise<SandboxRefundRow | undefined> {
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id)).limit(1);
  return row;
}

/** Decides a pending refund; undefined when it was already decided (or is unknown). */
export async function decideSandboxRefund(
  db: Database,
  id: string,
  outcome: 'processed' | 'failed',
): Promise<SandboxRefundRow | undefined> {
  const [row] = await db
    .update(sandboxRefunds)
    .set({ status: outcome })
    .where(and(eq(sandboxRefunds.id, id), eq(sandboxRefunds.status, 'pending')))
    .returning();
  return row;
}
