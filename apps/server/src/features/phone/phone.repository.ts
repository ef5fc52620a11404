import {
  and,
  consents,
  desc,
  type Executor,
  eq,
  isNotNull,
  isNull,
  ne,
  oneTimeCodes,
  sql,
  users,
} from '@ipatient/db';
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

/** The number becomes the member's verified phone (the unique index refuses one verified elsewhere). */
export async function setVerifiedPhone(
  executor: Executor,
  id: string,
  phone: string,
): Promise<UserRow | undefined> {
  const [row] = await executor
    .update(users)
    .set({ phone, phoneVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setSmsUpdates(
  executor: Executor,
  id: string,
  smsUpdates: boolean,
): Promise<UserRow | undefined> {
  const [row] = await executor
    .update(users)
    .set({ smsUpdates, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The member's choice about texts, kept as a consent record. */
export async function recordSmsConsent(
  executor: Executor,
  userId: string,
  granted: boolean,
): Promise<void> {
  await executor
    .insert(consents)
    .values({ userId, kind: 'sms_updates', granted, source: 'account' });
}

/** Serialises the code sends and checks of one account across server instances. */
export async function lockPhoneCodes(executor: Executor, email: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${email}`}))`);
}

/** A new code replaces the member's open one: only the newest is valid. */
export async function replacePhoneCode(
  executor: Executor,
  code: { email: string; phone: string; codeHash: string; ttlMinutes: number },
): Promise<void> {
  await executor
    .update(oneTimeCodes)
    .set({ closedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.purpose, 'phone'),
        eq(oneTimeCodes.email, code.email),
        isNull(oneTimeCodes.closedAt),
      ),
    );
  await executor.insert(oneTimeCodes).values({
    purpose: 'phone',
    email: code.email,
    phone: code.phone,
    codeHash: code.codeHash,
    expiresAt: sql`now() + make_interval(mins => ${code.ttlMinutes})`,
  });
}

export interface PhoneCodeRow {
  id: string;
  phone: string | null;
  codeHash: string;
  /** By the database's clock, which also set its expiry. */
  expired: boolean;
}

/** The member's newest open phone code, locked for the check that follows. */
export async function findOpenPhoneCode(
  executor: Executor,
  email: string,
): Promise<PhoneCodeRow | undefined> {
  const [row] = await executor
    .select({
      id: oneTimeCodes.id,
      phone: oneTimeCodes.phone,
      codeHash: oneTimeCodes.codeHash,
      expired: sql<boolean>`${oneTimeCodes.expiresAt} <= now()`,
    })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, 'phone'),
        eq(oneTimeCodes.email, email),
        isNull(oneTimeCodes.closedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** Counts a wrong try; the code closes at `maxTries`. Returns the tries left. */
export async function recordWrongTry(
  executor: Executor,
  id: string,
  maxTries: number,
): Promise<number> {
  const [row] = await executor
    .update(oneTimeCodes)
    .set({
      wrongTries: sql`${oneTimeCodes.wrongTries} + 1`,
      closedAt: sql`case when ${oneTimeCodes.wrongTries} + 1 >= ${maxTries} then now() else null end`,
    })
    .where(eq(oneTimeCodes.id, id))
    .returning({ wrongTries: oneTimeCodes.wrongTries });
  return maxTries - (row?.wrongTries ?? maxTries);
}

export async function closeCode(executor: Executor, id: string): Promise<void> {
  await executor.update(oneTimeCodes).set({ closedAt: sql`now()` }).where(eq(oneTimeCodes.id, id));
}
