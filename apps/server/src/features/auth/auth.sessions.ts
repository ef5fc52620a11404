import type { TTokens } from '@ipatient/contracts/accounts';
import { adminUserTexts } from '@ipatient/contracts/admin';
import { security } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import type { Executor } from '@ipatient/db';
import { signAccessToken } from '../../lib/jwt.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { presentUser, type UserRow } from '../../lib/present-user.ts';
import { generateToken, hashToken, successorToken } from '../../lib/secrets.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  assertLoginAllowed,
  clearAddressLoginFailures,
  recordLoginFailure,
} from './auth.limits.ts';
import * as repository from './auth.repository.ts';
import type { AuthDeps, RequestContext, SignedIn } from './auth.types.ts';

const sessionEnded = () =>
  new AppError('UNAUTHENTICATED', 'Your session has ended. Please log in again.');

export async function issueSession(
  deps: AuthDeps,
  tx: Executor,
  user: UserRow,
  userAgent: string | undefined,
): Promise<{ tokens: TTokens; sessionId: string }> {
  const sessionId = await repository.createSession(tx, {
    userId: user.id,
    userAgent,
    days: security.refreshTokenDays,
  });
  const refreshToken = generateToken();
  await repository.insertRefreshToken(tx, hashToken(refreshToken), sessionId);
  return {
    sessionId,
    tokens: { accessToken: accessToken(deps, user.id, sessionId), refreshToken },
  };
}

function accessToken(deps: AuthDeps, userId: string, sessionId: string): string {
  return signAccessToken(
    { userId, sid: sessionId },
    deps.config.jwtSecret,
    security.accessTokenMinutes * 60,
  );
}

/**
 * Failures are limited per account and address (10 in 15 minutes: only that address is
 * refused), per address (high: carriers share addresses) and per account from everywhere (a
 * doubling delay, never a lock). Success clears this address's count for the account.
 */
export async function signIn(
  deps: AuthDeps,
  input: { email: string; password: string },
  context: RequestContext,
): Promise<SignedIn> {
  await assertLoginAllowed(deps.db, input.email, context.clientKey);
  const user = await repository.findUserByEmail(deps.db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  // A deleted account answers as an unknown one.
  if (!user || !valid || user.deletedAt) {
    await deps.db.transaction((tx) => recordLoginFailure(tx, input.email, context.clientKey));
    throw new AppError('UNAUTHENTICATED', errorTexts.signIn);
  }
  // Told only after the right password, so the form never says which accounts are suspended.
  if (user.suspendedAt) throw new AppError('FORBIDDEN', adminUserTexts.suspended);
  const session = await deps.db.transaction(async (tx) => {
    await clearAddressLoginFailures(tx, input.email, context.clientKey);
    return issueSession(deps, tx, user, context.userAgent);
  });
  return { message: 'Login successful', result: presentUser(user), ...session };
}

/**
 * Rotates the refresh token. A token used before, outside a short grace for two tabs refreshing
 * at once, means it was copied: the whole session is revoked. Within the grace it gets the same
 * successor it got the first time (derived from it), so the session never forks into two chains.
 */
export async function refreshSession(
  deps: AuthDeps,
  refreshToken: string | undefined,
): Promise<{ tokens: TTokens; sessionId: string }> {
  if (!refreshToken) throw new AppError('UNAUTHENTICATED', 'Please log in again.');
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await repository.findRefreshToken(tx, hashToken(refreshToken));
    if (!row || row.revokedAt || row.expired || row.suspended) return { ended: true as const };
    if (row.usedAt) {
      const withinGrace = (row.usedSecondsAgo ?? Infinity) <= security.refreshReuseGraceSeconds;
      if (!withinGrace) {
        await repository.revokeSession(tx, row.sessionId, 'refresh token reused');
        return { ended: true as const };
      }
    } else {
      await repository.markRefreshTokenUsed(tx, row.tokenHash);
    }
    const next = successorToken(deps.config.jwtSecret, row.tokenHash);
    await repository.insertRefreshToken(tx, hashToken(next), row.sessionId);
    await repository.touchSession(tx, row.sessionId);
    return { userId: row.userId, sessionId: row.sessionId, refreshToken: next };
  });
  if ('ended' in outcome) throw sessionEnded();
  return {
    sessionId: outcome.sessionId,
    tokens: {
      accessToken: accessToken(deps, outcome.userId, outcome.sessionId),
      refreshToken: outcome.refreshToken,
    },
  };
}

/** Ends the session of the access token or of the refresh token, whichever came. */
export async function logout(
  deps: AuthDeps,
  session: { sessionId?: string | undefined; refreshToken?: string | undefined },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    let sessionId = session.sessionId;
    if (!sessionId && session.refreshToken) {
      sessionId = (await repository.findRefreshToken(tx, hashToken(session.refreshToken)))
        ?.sessionId;
    }
    if (sessionId) await repository.revokeSession(tx, sessionId, 'logout');
  });
}
