import {
  and,
  type Executor,
  eq,
  isNull,
  ne,
  pendingRegistrations,
  refreshTokens,
  sessions,
  sql,
  users,
} from '@ipatient/db';
import { recordConsents } from '../../lib/consents.repository.ts';
import type { UserRow } from '../../lib/present-user.ts';

export async function findUserByEmail(
  executor: Executor,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The account whose mailbox key (`emailKey()`) this is, if any. */
export async function findUserByEmailKey(
  executor: Executor,
  key: string,
): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.emailKey, key)).limit(1);
  return row;
}

export type PendingRegistration = typeof pendingRegistrations.$inferInsert;

export async function savePendingRegistration(
  executor: Executor,
  pending: PendingRegistration,
): Promise<void> {
  await executor
    .insert(pendingRegistrations)
    .values(pending)
    .onConflictDoUpdate({
      target: pendingRegistrations.email,
      set: {
        firstName: pending.firstName,
        lastName: pending.lastName,
        phone: pending.phone,
        emailKey: pending.emailKey,
        passwordHash: pending.passwordHash,
        isAdvocate: pending.isAdvocate,
        termsAcceptedAt: pending.termsAcceptedAt,
        termsVersion: pending.termsVersion,
        privacyVersion: pending.privacyVersion,
        marketingEmails: pending.marketingEmails,
        updatedAt: sql`now()`,
      },
    });
}

export async function findPendingRegistration(executor: Executor, email: string) {
  const [row] = await executor
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.email, email))
    .limit(1);
  return row;
}

export async function deletePendingRegistration(executor: Executor, email: string): Promise<void> {
  await executor.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
}

export async function insertUser(
  executor: Executor,
  user: typeof users.$inferInsert,
): Promise<UserRow> {
  const [row] = await executor.insert(users).values(user).returning();
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

/** What a new account accepted when signing up, kept as its first consent records. */
export async function insertSignupConsents(
  executor: Executor,
  userId: string,
  accepted: {
    termsVersion: string | null;
    privacyVersion: string | null;
    marketingEmails: boolean;
  },
): Promise<void> {
  const source = 'signup' as const;
  await recordConsents(executor, [
    ...(accepted.termsVersion
      ? [
          {
            userId,
            kind: 'terms' as const,
            version: accepted.termsVersion,
            granted: true,
            source,
          },
        ]
      : []),
    ...(accepted.privacyVersion
      ? [
          {
            userId,
            kind: 'privacy' as const,
            version: accepted.privacyVersion,
            granted: true,
            source,
          },
        ]
      : []),
    { userId, kind: 'marketing_emails' as const, granted: accepted.marketingEmails, source },
  ]);
}

export async function updatePassword(
  executor: Executor,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await executor
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function createSession(
  executor: Executor,
  session: { userId: string; userAgent: string | undefined; days: number },
): Promise<string> {
  const [row] = await executor
    .insert(sessions)
    .values({
      userId: session.userId,
      userAgent: session.userAgent?.slice(0, 300),
      expiresAt: sql`now() + make_interval(days => ${session.days})`,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('insert into sessions returned nothing');
  return row.id;
}

/** Stores a refresh token; storing the same one again (a successor given twice) is a no-op. */
export async function insertRefreshToken(
  executor: Executor,
  tokenHash: string,
  sessionId: string,
): Promise<void> {
  await executor.insert(refreshTokens).values({ tokenHash, sessionId }).onConflictDoNothing();
}

export async function findRefreshToken(executor: Executor, tokenHash: string) {
  const [row] = await executor
    .select({
      tokenHash: refreshTokens.tokenHash,
      usedAt: refreshTokens.usedAt,
      sessionId: sessions.id,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expired: sql<boolean>`${sessions.expiresAt} <= now()`,
      suspended: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${sessions.userId} and (${users.suspendedAt} is not null or ${users.deletedAt} is not null))`,
      usedSecondsAgo: sql<
        number | null
      >`extract(epoch from now() - ${refreshTokens.usedAt})::float8`,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update', { of: refreshTokens });
  return row;
}

export async function markRefreshTokenUsed(executor: Executor, tokenHash: string): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(refreshTokens.tokenHash, tokenHash));
}

export async function touchSession(executor: Executor, sessionId: string): Promise<void> {
  await executor.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(
  executor: Executor,
  sessionId: string,
  reason: string,
): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, or every one but the current. */
export async function revokeUserSessions(
  executor: Executor,
  userId: string,
  reason: string,
  exceptSessionId?: string,
): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}
