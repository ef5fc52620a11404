import {
  and,
  desc,
  type Executor,
  eq,
  isNotNull,
  isNull,
  ne,
  oneTimeCodes,
  type SQL,
  sql,
  users,
} from '@ipatient/db';
import { recordConsents } from '../../lib/consents.repository.ts';
import type { UserRow } from '../../lib/present-user.ts';

/** The member's row, locked: phone changes of one account happen one at a time. */
export async function lockUser(executor: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function findUser(executor: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Whether another account has verified this number. */
export async function verifiedByAnother(
  executor: Executor,
  phone: string,
  userId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** The number the member's newest phone code still valid was texted to. */
export async function openCodePhone(executor: Executor, email: string): Promise<string | null> {
  const [row] = await executor
    .select({ phone: oneTimeCodes.phone })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, 'phone'),
        eq(oneTimeCodes.email, email),
        isNull(oneTimeCodes.closedAt),
        sql`${oneTimeCodes.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row?.phone ?? null;
}

/** Changes the member's row (stamping `updatedAt`) and returns it as it now is. */
async function updateUser(
  executor: Executor,
  id: string,
  changes: { phone?: string; phoneVerifiedAt?: SQL; smsUpdates?: boolean },
): Promise<UserRow | undefined> {
  const [row] = await executor
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The number becomes the member's verified phone (the unique index refuses one verified elsewhere). */
export function setVerifiedPhone(executor: Executor, id: string, phone: string) {
  return updateUser(executor, id, { phone, phoneVerifiedAt: sql`now()` });
}

export function setSmsUpdates(executor: Executor, id: string, smsUpdates: boolean) {
  return updateUser(executor, id, { smsUpdates });
}

/** The member's choice about texts, kept as a consent record. */
export async function recordSmsConsent(
  executor: Executor,
  userId: string,
  granted: boolean,
): Promise<void> {
  await recordConsents(executor, [{ userId, kind: 'sms_updates', granted, source: 'account' }]);
}
