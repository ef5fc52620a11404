import {
  and,
  blogAuthors,
  blogCategories,
  blogPosts,
  type Executor,
  eq,
  ne,
  sql,
} from '@ipatient/db';

export type CategoryRow = typeof blogCategories.$inferSelect;
export type AuthorRow = typeof blogAuthors.$inferSelect;
export type AuthorInsert = typeof blogAuthors.$inferInsert;

// Categories

export async function listCategories(executor: Executor): Promise<CategoryRow[]> {
  return executor.select().from(blogCategories).orderBy(sql`lower(${blogCategories.name}) asc`);
}

export async function findCategory(
  executor: Executor,
  id: string,
): Promise<CategoryRow | undefined> {
  const [row] = await executor
    .select()
    .from(blogCategories)
    .where(eq(blogCategories.id, id))
    .limit(1);
  return row;
}

export async function insertCategory(executor: Executor, name: string): Promise<CategoryRow> {
  const [row] = await executor.insert(blogCategories).values({ name }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCategory(
  executor: Executor,
  id: string,
  name: string,
): Promise<CategoryRow | undefined> {
  const [row] = await executor
    .update(blogCategories)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(blogCategories.id, id))
    .returning();
  return row;
}

export async function countPostsInCategory(executor: Executor, id: string): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(blogPosts)
    .where(eq(blogPosts.categoryId, id));
  return row?.total ?? 0;
}

export async function deleteCategory(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor
    .delete(blogCategories)
    .where(eq(blogCategories.id, id))
    .returning({ id: blogCategories.id });
  return rows.length > 0;
}

// Authors

export async function listAuthors(executor: Executor): Promise<AuthorRow[]> {
  return executor
    .select()
    .from(blogAuthors)
    .orderBy(sql`${blogAuthors.isDefault} desc, lower(${blogAuthors.name}) asc`);
}

export async function findAuthor(
  executor: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AuthorRow | undefined> {
  const query = executor.select().from(blogAuthors).where(eq(blogAuthors.id, id)).limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function findDefaultAuthor(executor: Executor): Promise<AuthorRow | undefined> {
  const [row] = await executor
    .select()
    .from(blogAuthors)
    .where(eq(blogAuthors.isDefault, true))
    .limit(1);
  return row;
}

/** Serialises changes of the default author until the transaction ends. */
export async function lockDefaultAuthor(executor: Executor): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext('blog-default-author'))`);
}

/** Makes no author (but `exceptId`) the default. */
export async function clearDefaultAuthor(executor: Executor, exceptId?: string): Promise<void> {
  await executor
    .update(blogAuthors)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(eq(blogAuthors.isDefault, true), exceptId ? ne(blogAuthors.id, exceptId) : undefined),
    );
}

export async function insertAuthor(executor: Executor, values: AuthorInsert): Promise<AuthorRow> {
  const [row] = await executor.insert(blogAuthors).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAuthor(
  executor: Executor,
  id: string,
  patch: Partial<AuthorInsert>,
): Promise<AuthorRow | undefined> {
  const [row] = await executor
    .update(blogAuthors)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(blogAuthors.id, id))
    .returning();
  return row;
}

export async function deleteAuthor(executor: Executor, id: string): Promise<AuthorRow | undefined> {
  const [row] = await executor.delete(blogAuthors).where(eq(blogAuthors.id, id)).returning();
  return row;
}
