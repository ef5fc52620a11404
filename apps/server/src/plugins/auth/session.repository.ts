import { and, type Executor, eq, gt, isNull, sessions, sql, users } from '@ipatient/db';
import type { UserRow } from '../../lib/present-user.ts';

/** The user of a live session: the session exists, is not revoked and has not expired. */
export async function findSessionUser(
  executor: Executor,
  userId: string,
  sessionId: string,
): Promise<UserRow | undefined> {
  const [row] = await executor
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.user;
}
