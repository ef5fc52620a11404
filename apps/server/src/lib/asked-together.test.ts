import { describe, expect, it } from 'vitest';
import { askedTogether, type FindPairs } from './asked-together.ts';

/** Likes as (member, id) pairs, and every statement the loader sent. */
function likesOf(pairs: [string, string][]) {
  const statements: { userIds: string[]; ids: string[] }[] = [];
  const find: FindPairs = async (userIds, ids) => {
    statements.push({ userIds, ids });
    return pairs
      .filter(([user, id]) => userIds.some((u, i) => u === user && ids[i] === id))
      .map(([userId, id]) => ({ userId, id }));
  };
  return { statements, likedBy: askedTogether<object>(() => find) };
}

describe('askedTogether', () => {
  it('answers each member with their own likes from one statement for asks made together', async () => {
    const { statements, likedBy } = likesOf([
      ['ada', 'c1'],
      ['ada', 'c3'],
      ['bola', 'c2'],
    ]);
    const handle = {};
    const [ada, bola, chidi, adaAgain] = await Promise.all([
      likedBy(handle, 'ada', ['c1', 'c2', 'c3']),
      likedBy(handle, 'bola', ['c1', 'c2']),
      likedBy(handle, 'chidi', ['c1']),
      likedBy(handle, 'ada', ['c2']),
    ]);
    expect([...(ada ?? [])].sort()).toEqual(['c1', 'c3']);
    expect([...(bola ?? [])]).toEqual(['c2']);
    expect(chidi?.size).toBe(0);
    expect(adaAgain?.size).toBe(0);
    expect(statements).toHaveLength(1);
  });

  it('keeps nothing between asks: a like made meanwhile is seen by the next ask', async () => {
    const pairs: [string, string][] = [];
    const { statements, likedBy } = likesOf(pairs);
    const handle = {};
    expect((await likedBy(handle, 'ada', ['c1'])).size).toBe(0);
    pairs.push(['ada', 'c1']);
    expect([...(await likedBy(handle, 'ada', ['c1']))]).toEqual(['c1']);
    expect(statements).toHaveLength(2);
    // Nothing to ask: no statement.
    expect((await likedBy(handle, 'ada', [])).size).toBe(0);
    expect(statements).toHaveLength(2);
  });

  it('gives a failed statement to each ask it answered, and asks again afterwards', async () => {
    let fail = true;
    const likedBy = askedTogether<object>(() => async () => {
      if (fail) throw new Error('database down');
      return [];
    });
    const handle = {};
    const asks = [likedBy(handle, 'ada', ['c1']), likedBy(handle, 'bola', ['c2'])];
    for (const ask of asks) await expect(ask).rejects.toThrow('database down');
    fail = false;
    expect((await likedBy(handle, 'ada', ['c1'])).size).toBe(0);
  });
});
