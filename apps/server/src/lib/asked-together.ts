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

/** One loader per handle (a transaction gets its own, so its asks stay inside it). */
export function askedTogether<H extends object>(find: (handle: H) => FindPairs) {
  const loaders = new WeakMap<H, DataLoader<Ask, Set<string>>>();
  return (handle: H, userId: string, ids: readonly string[]): Promise<Set<string>> => {
    if (ids.length === 0) return Promise.resolve(new Set());
    let loader = loaders.get(handle);
    if (!loader) {
      const findPairs = find(handle);
      loader = new DataLoader<Ask, Set<string>>(
        async (asks) => {
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
          return asks.map(
            (ask) => new Set(ask.ids.filter((id) => found.has(`${ask.userId} ${id}`))),
          );
        },
        {
          cache: false,
          maxBatchSize: MAX_ASKS_TOGETHER,
          batchScheduleFn: (run) => setImmediate(run),
        },
      );
      loaders.set(handle, loader);
    }
    return loader.load({ userId, ids });
  };
}
