import DataLoader from 'dataloader';

/**
 * Which of a few ids one member liked, asked by many requests at the same time, answered by one
 * statement for all of them (DataLoader).
 *
 * Every member's read and page asks this once: the shared reading comes from memory, and their
 * own Green-Hearts on it are one small indexed query. Sent one by one, fifty members' pages at
 * once are fifty round trips, and on a machine whose cores PostgreSQL shares, each socket write
 * that wakes a backend cost the server more time than the query itself. So the asks that
 * arrive in one turn of the event loop (`setImmediate`: after every request read in that turn)
 * go as one statement of (member, id) pairs. Nothing is kept between turns (`cache: false`): an
 * ask always sees what was committed before it was made, so a member sees their own like at once.
 */

/** The (member, id) pairs that exist among those asked, from one statement. */
export type FindPairs = (
  userIds: string[],
  ids: string[],
) => Promise<{ userId: string; id: string }[]>;

interface Ask {
  userId: string;
  ids: readonly string[];
}

/** At most this many asks go in one statement; more wait for the next. */
const MAX_ASKS_TOGETHER = 64;

/**
 * Asks of one turn of the event loop answered together by `answer` (one answer per ask, in
 * order), one loader per handle: a transaction gets its own, so its asks stay inside it.
 */
export function together<H extends object, K, V>(
  answer: (handle: H) => (asks: readonly K[]) => Promise<V[]>,
): (handle: H, ask: K) => Promise<V> {
  const loaders = new WeakMap<H, DataLoader<K, V>>();
  return (handle, ask) => {
    let loader = loaders.get(handle);
    if (!loader) {
      loader = new DataLoader<K, V>(answer(handle), {
        cache: false,
        maxBatchSize: MAX_ASKS_TOGETHER,
        batchScheduleFn: (run) => setImmediate(run),
      });
      loaders.set(handle, loader);
    }
    return loader.load(ask);
  };
}

/** Members' likes among ids (see above), from `find` of all the turn's pairs at once. */
export function askedTogether<H extends object>(find: (handle: H) => FindPairs) {
  const load = together<H, Ask, Set<string>>((handle) => {
    const findPairs = find(handle);
    return async (asks) => {
      const userIds: string[] = [];
      const itemIds: string[] = [];
      for (const ask of asks) {
        for (const id of ask.ids) {
          userIds.push(ask.userId);
          itemIds.push(id);
        }
      }
      const found = new Set(
        (await findPairs(userIds, itemIds)).map((pair) => `${pair.userId} ${pair.id}`),
      );
      return asks.map((ask) => new Set(ask.ids.filter((id) => found.has(`${ask.userId} ${id}`))));
    };
  });
  return (handle: H, userId: string, ids: readonly string[]): Promise<Set<string>> =>
    ids.length === 0 ? Promise.resolve(new Set()) : load(handle, { userId, ids });
}
