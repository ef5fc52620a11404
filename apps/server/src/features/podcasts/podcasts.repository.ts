import {
  and,
  asc,
  containsPattern,
  type Executor,
  eq,
  podcastCategories,
  podcastEpisodes,
  type SQL,
  sql,
} from '@ipatient/db';

export type EpisodeRow = typeof podcastEpisodes.$inferSelect;
export type EpisodeInsert = typeof podcastEpisodes.$inferInsert;
export type CategoryRow = typeof podcastCategories.$inferSelect;

export interface EpisodeWithCategory {
  episode: EpisodeRow;
  category: { id: string; name: string } | null;
}

const categoryColumns = { id: podcastCategories.id, name: podcastCategories.name };

function selectEpisodes(executor: Executor) {
  return executor
    .select({ episode: podcastEpisodes, category: categoryColumns })
    .from(podcastEpisodes)
    .leftJoin(podcastCategories, eq(podcastCategories.id, podcastEpisodes.categoryId));
}

/** Newest release first; the number breaks ties of one day, the id keeps pages stable. */
const NEWEST_FIRST = sql`${podcastEpisodes.releaseDate} desc, ${podcastEpisodes.number} desc, ${podcastEpisodes.id} asc`;

function searchCondition(search: string): SQL {
  const pattern = containsPattern(search);
  const title = sql`${podcastEpisodes.title} ilike ${pattern}`;
  const number = /^#?\d{1,6}$/.exec(search.trim())
    ? Number(search.trim().replace('#', ''))
    : undefined;
  return number === undefined ? title : sql`(${title} or ${podcastEpisodes.number} = ${number})`;
}

export async function listEpisodes(
  executor: Executor,
  options: {
    page: number;
    limit: number;
    categoryId?: string | undefined;
    /** Part of the title (any case), or the whole episode number. */
    search?: string | undefined;
  },
): Promise<{ rows: EpisodeWithCategory[]; total: number }> {
  const where: SQL | undefined = and(
    options.categoryId ? eq(podcastEpisodes.categoryId, options.categoryId) : undefined,
    options.search ? searchCondition(options.search) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    selectEpisodes(executor)
      .where(where)
      .orderBy(NEWEST_FIRST)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(podcastEpisodes).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findEpisode(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<EpisodeWithCategory | undefined> {
  const query = selectEpisodes(executor).where(eq(podcastEpisodes.id, id)).limit(1);
  const [row] = await (options.lock ? query.for('update', { of: podcastEpisodes }) : query);
  return row;
}

export async function insertEpisode(
  executor: Executor,
  values: EpisodeInsert,
): Promise<EpisodeRow> {
  const [row] = await executor.insert(podcastEpisodes).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateEpisode(
  executor: Executor,
  id: string,
  values: Partial<EpisodeInsert>,
): Promise<EpisodeRow | undefined> {
  const [row] = await executor
    .update(podcastEpisodes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(podcastEpisodes.id, id))
    .returning();
  return row;
}

export async function deleteEpisode(
  executor: Executor,
  id: string,
): Promise<EpisodeRow | undefined> {
  const [row] = await executor
    .delete(podcastEpisodes)
    .where(eq(podcastEpisodes.id, id))
    .returning();
  return row;
}

export async function findEpisodeByNumber(
  executor: Executor,
  number: number,
): Promise<{ id: string } | undefined> {
  const [row] = await executor
    .select({ id: podcastEpisodes.id })
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.number, number))
    .limit(1);
  return row;
}

export async function listCategories(executor: Executor): Promise<CategoryRow[]> {
  return executor
    .select()
    .from(podcastCategories)
    .orderBy(sql`lower(${podcastCategories.name})`, asc(podcastCategories.id));
}

export async function findCategory(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<CategoryRow | undefined> {
  const query = executor
    .select()
    .from(podcastCategories)
    .where(eq(podcastCategories.id, id))
    .limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function insertCategory(executor: Executor, name: string): Promise<CategoryRow> {
  const [row] = await executor.insert(podcastCategories).values({ name }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function renameCategory(
  executor: Executor,
  id: string,
  name: string,
): Promise<CategoryRow | undefined> {
  const [row] = await executor
    .update(podcastCategories)
    .set({ name, updatedAt: new Date() })
    .where(eq(podcastCategories.id, id))
    .returning();
  return row;
}

export async function deleteCategory(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor
    .delete(podcastCategories)
    .where(eq(podcastCategories.id, id))
    .returning({ id: podcastCategories.id });
  return rows.length > 0;
}

export async function countEpisodesIn(executor: Executor, categoryId: string): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.categoryId, categoryId));
  return row?.total ?? 0;
}
