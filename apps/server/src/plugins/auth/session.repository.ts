import {
  and,
  builtOnce,
  type Executor,
  eq,
  gt,
  isNull,
  oneTimeCodes,
  pendingRegistrations,
  sessions,
  sql,
  users,
} from '@ipatient/db';
import type { UserRow } from '../../lib/present-user.ts';

/**
 * The user of a live session: the session exists, is not revoked and has not expired, and the
 * account is neither suspended nor deleted (both revoke the sessions too; this holds even if
 * one was missed, so a token issued before either can never act).
 */
export async function findSessionUser(
  executor: Executor,
  userId: string,
  sessionId: string,
): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
  const [row] = await sessionUserQuery(executor).execute({ sessionId, userId });
  return row;
}

const sessionUserQuery = builtOnce((executor) =>
  executor
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        isNull(users.suspendedAt),
        isNull(users.deletedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);

/**
 * Removes what can no longer be used: sessions ended or expired over a week ago (their refresh
 * tokens go with them), codes and unfinished sign-ups older than a day.
 */
export async function deleteExpiredAccountData(executor: Executor): Promise<void> {
  await executor
    .delete(sessions)
    .where(sql`coalesce(${sessions.revokedAt}, ${sessions.expiresAt}) < now() - interval '7 days'`);
  await executor
    .delete(oneTimeCodes)
    .where(sql`${oneTimeCodes.expiresAt} < now() - interval '1 day'`);
  await executor
    .delete(pendingRegistrations)
    .where(sql`${pendingRegistrations.updatedAt} < now() - interval '1 day'`);
}
