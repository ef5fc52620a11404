import { consents, desc, type Executor, eq, sql, users } from '@ipatient/db';

export type ConsentRow = typeof consents.$inferSelect;

/** Every consent the member gave or withdrew, newest first. */
export async function listConsents(executor: Executor, userId: string): Promise<ConsentRow[]> {
  return executor
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.createdAt), desc(consents.id));
}

/** The account's marketing-email setting; undefined: no such account. */
export async function findMarketingSetting(
  executor: Executor,
  userId: string,
): Promise<{ marketingEmails: boolean } | undefined> {
  const [row] = await executor
    .select({ marketingEmails: users.marketingEmails })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The account's marketing-email setting, locked until the transaction ends; undefined: no such account. */
export async function lockMarketingSetting(
  executor: Executor,
  userId: string,
): Promise<{ marketingEmails: boolean } | undefined> {
  const [row] = await executor
    .select({ marketingEmails: users.marketingEmails })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function setMarketingEmails(
  executor: Executor,
  userId: string,
  marketingEmails: boolean,
): Promise<void> {
  await executor
    .update(users)
    .set({ marketingEmails, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
