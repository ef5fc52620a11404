import { auditLog, type Executor } from '@ipatient/db';

/** One row of the audit log: who changed which record, how, and what it was before and after. */
export type AuditEntryInput = typeof auditLog.$inferInsert;

export async function insertAuditEntry(executor: Executor, entry: AuditEntryInput): Promise<void> {
  await executor.insert(auditLog).values(entry);
}
