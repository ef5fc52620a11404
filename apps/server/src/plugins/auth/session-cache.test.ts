import { eq, sessions, sql, users } from '@ipatient/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembers } from '../../../test/campaigns.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { UserRow } from '../../lib/present-user.ts';
import { createSessionCache, type SessionEntry } from './session-cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member() {
  const [user] = await createMembers(t, 1);
  if (!user) throw new Error('no member');
  return user;
}

function me(headers: { authorization: string }) {
  return t.app.inject({ method: 'GET', url: '/api/v1/get-me', headers });
}

/** Asks until the answer passes `check`, for at most two seconds (the notice travels). */
async function eventually<T>(ask: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const value = await ask();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The session id inside a member's access token. */
function sessionOf(accessToken: string): string {
  const [, payload] = accessToken.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()).sid;
}

describe('signed-in requests read the session from the cache while it cannot be stale', () => {
  it('keeps a session read once, while the cache listens', async () => {
    const user = await member();
    await eventually(
      async () => t.app.sessionCache.listening,
      (listening) => listening,
    );
    expect((await me(user.headers)).statusCode).toBe(200);
    expect(t.app.sessionCache.get(sessionOf(user.accessToken), user.id)?.id).toBe(user.id);
  });

  it('refuses a session at once when it is ended in the database, by any instance', async () => {
    const user = await member();
    expect((await me(user.headers)).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.userId, user.id));
    const after = await eventually(
      () => me(user.headers),
      (response) => response.statusCode === 401,
    );
    expect(after.statusCode).toBe(401);
  });

  it('refuses a suspended member and shows a new name at once', async () => {
    const renamed = await member();
    expect((await me(renamed.headers)).statusCode).toBe(200);
    await t.database.db.update(users).set({ firstName: 'Ngozi' }).where(eq(users.id, renamed.id));
    const named = await eventually(
      () => me(renamed.headers),
      (response) => response.json().result?.firstName === 'Ngozi',
    );
    expect(named.json().result.firstName).toBe('Ngozi');

    const suspended = await member();
    expect((await me(suspended.headers)).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ suspendedAt: sql`now()` })
      .where(eq(users.id, suspended.id));
    const refused = await eventually(
      () => me(suspended.headers),
      (response) => response.statusCode === 401,
    );
    expect(refused.statusCode).toBe(401);
  });
});

describe('the session cache on its own', () => {
  const user = { id: 'user-1' } as UserRow;
  const far = Date.now() + 60_000;

  it('keeps nothing while it does not listen', async () => {
    const cache = createSessionCache({ connectionString: undefined });
    cache.set('s1', { user, expiresAt: far }, cache.stamp());
    expect(cache.get('s1', user.id)).toBeUndefined();
    await cache.close();
  });

  it('does not keep a read that a change overtook, nor a session past its expiry', async () => {
    const cache = createSessionCache({
      connectionString: t.database.pool.options.connectionString,
    });
    await eventually(
      async () => cache.listening,
      (listening) => listening,
    );
    const stamp = cache.stamp();
    cache.forgetUser(user.id);
    cache.set('s1', { user, expiresAt: far }, stamp);
    expect(cache.get('s1', user.id)).toBeUndefined();

    cache.set('s1', { user, expiresAt: far }, cache.stamp());
    expect(cache.get('s1', user.id)).toBe(user);
    expect(cache.get('s1', 'someone-else')).toBeUndefined();
    expect(cache.get('s1', user.id, far + 1)).toBeUndefined();
    cache.forgetUser(user.id);
    expect(cache.get('s1', user.id)).toBeUndefined();
    await cache.close();
    expect(cache.listening).toBe(false);
  });

  it('lets writes answered together share round trips, never one sent before they asked', async () => {
    const cache = createSessionCache({
      connectionString: t.database.pool.options.connectionString,
    });
    await eventually(
      async () => cache.listening,
      (listening) => listening,
    );
    const rounds: number[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (args[0] === 'SELECT 1') rounds.push(rounds.length);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      // The first starts a round; the nine asking meanwhile share the next one, sent after it.
      await Promise.all(Array.from({ length: 10 }, () => cache.settle()));
      expect(rounds).toHaveLength(2);
      await cache.settle();
      expect(rounds).toHaveLength(3);
    } finally {
      pg.Client.prototype.query = query;
      await cache.close();
    }
  });

  it('makes one load for requests of one session at once, and a new one after a change', async () => {
    const cache = createSessionCache({
      connectionString: t.database.pool.options.connectionString,
    });
    await eventually(
      async () => cache.listening,
      (listening) => listening,
    );
    const opened: ((entry: SessionEntry | undefined) => void)[] = [];
    const load = () =>
      new Promise<SessionEntry | undefined>((resolve) => {
        opened.push(resolve);
      });
    const together = [cache.read('s1', user.id, load), cache.read('s1', user.id, load)];
    expect(opened).toHaveLength(1);
    // The user's rows change while the load is under way (a sign-out, say): a request after
    // that does not join the old load, and the old load's answer is not kept.
    cache.forgetUser(user.id);
    const after = cache.read('s1', user.id, load);
    expect(opened).toHaveLength(2);
    opened[0]?.({ user, expiresAt: far });
    opened[1]?.(undefined);
    expect(await Promise.all(together)).toEqual([user, user]);
    expect(await after).toBeUndefined();
    expect(cache.get('s1', user.id)).toBeUndefined();
    // Another user's token naming this session never takes its load.
    const other = cache.read('s1', 'someone-else', load);
    expect(opened).toHaveLength(3);
    opened[2]?.({ user, expiresAt: far });
    expect(await other).toBeUndefined();
    await cache.close();
  });
});
