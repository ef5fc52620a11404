import { desc, type Executor, eq, sql, webinarRegistrations } from '@ipatient/db';

export type WebinarRegistrationInsert = typeof webinarRegistrations.$inferInsert;
export type WebinarRegistrationRow = typeof webinarRegistrations.$inferSelect;

/**
 * Stores a registration unless the email is already registered for the webinar (the unique
 * index webinar_registrations_one_per_email, on the lower-cased email): undefined then.
 */
export async function insertRegistration(
  executor: Executor,
  values: WebinarRegistrationInsert,
): Promise<{ id: string } | undefined> {
  const [row] = await executor
    .insert(webinarRegistrations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: webinarRegistrations.id });
  return row;
}

/** Serialises the registrations of one network address until the transaction ends. */
export async function lockSender(executor: Executor, address: string): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`webinar-registrations:${address}`}))`,
  );
}

/** One page of registrations, newest first, and how many there are in all. */
export async function listRegistrations(
  executor: Executor,
  options: { webinarId?: string | undefined; page: number; limit: number },
): Promise<{ rows: WebinarRegistrationRow[]; total: number }> {
  const where = options.webinarId
    ? eq(webinarRegistrations.webinarId, options.webinarId)
    : undefined;
  const [rows, [count]] = await Promise.all([
    executor
      .select()
      .from(webinarRegistrations)
      .where(where)
      .orderBy(desc(webinarRegistrations.createdAt), desc(webinarRegistrations.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(webinarRegistrations).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
