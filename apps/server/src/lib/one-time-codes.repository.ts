import {
  and,
  type CodePurpose,
  desc,
  type Executor,
  eq,
  isNull,
  oneTimeCodes,
  sql,
} from '@ipatient/db';

/**
 * The `one_time_codes` table, for every kind of code: the emailed sign-up and reset codes and the
 * texted phone codes. A code belongs to an address (`email`) and a purpose; only a phone code has
 * a `phone`, the number it was texted to.
 */

/** Whose code it is, and for a texted code the number it went to. */
export interface CodeOwner {
  purpose: CodePurpose;
  email: string;
  /** Phone codes only (the table refuses it on any other). */
  phone?: string;
}

/**
 * Serialises the work on one address (its code sends and checks) across server instances, under
 * `scope`: a code purpose, or another name for other work on the address.
 */
export async function lockAddress(
  executor: Executor,
  scope: string,
  address: string,
): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${address}`}))`);
}

/** A new code replaces any open one of the same address and purpose: only the newest is valid. */
export async function replaceCode(
  executor: Executor,
  code: CodeOwner & { codeHash: string; ttlMinutes: number },
): Promise<void> {
  await executor
    .update(oneTimeCodes)
    .set({ closedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.purpose, code.purpose),
        eq(oneTimeCodes.email, code.email),
        isNull(oneTimeCodes.closedAt),
      ),
    );
  await executor.insert(oneTimeCodes).values({
    purpose: code.purpose,
    email: code.email,
    phone: code.phone,
    codeHash: code.codeHash,
    expiresAt: sql`now() + make_interval(mins => ${code.ttlMinutes})`,
  });
}

export type CodeRow = typeof oneTimeCodes.$inferSelect & { expired: boolean };

const codeColumns = {
  id: oneTimeCodes.id,
  purpose: oneTimeCodes.purpose,
  email: oneTimeCodes.email,
  phone: oneTimeCodes.phone,
  codeHash: oneTimeCodes.codeHash,
  wrongTries: oneTimeCodes.wrongTries,
  expiresAt: oneTimeCodes.expiresAt,
  closedAt: oneTimeCodes.closedAt,
  createdAt: oneTimeCodes.createdAt,
  // By the database's clock, which also set the expiry.
  expired: sql<boolean>`${oneTimeCodes.expiresAt} <= now()`,
};

/**
 * The newest open code of an address, locked for the check that follows; `expired` says whether
 * it is still valid. Codes are only ever looked up by their address: a guess is checked against
 * one code and counts against it.
 */
export async function findOpenCode(
  executor: Executor,
  purpose: CodePurpose,
  email: string,
): Promise<CodeRow | undefined> {
  const [row] = await executor
    .select(codeColumns)
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.email, email),
        isNull(oneTimeCodes.closedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** Counts a wrong try; the code closes at `maxTries`. Returns the tries left. */
export async function recordWrongTry(
  executor: Executor,
  id: string,
  maxTries: number,
): Promise<number> {
  const [row] = await executor
    .update(oneTimeCodes)
    .set({
      wrongTries: sql`${oneTimeCodes.wrongTries} + 1`,
      closedAt: sql`case when ${oneTimeCodes.wrongTries} + 1 >= ${maxTries} then now() else null end`,
    })
    .where(eq(oneTimeCodes.id, id))
    .returning({ wrongTries: oneTimeCodes.wrongTries });
  return Math.max(0, maxTries - (row?.wrongTries ?? maxTries));
}

/** A code is used once: closed as it is accepted. */
export async function closeCode(executor: Executor, id: string): Promise<void> {
  await executor.update(oneTimeCodes).set({ closedAt: sql`now()` }).where(eq(oneTimeCodes.id, id));
}
