import type { TFormDraftFields } from '@ipatient/contracts/form-drafts';
import { and, type Executor, eq, formDrafts, gt, sql } from '@ipatient/db';

export interface DraftKey {
  /** sha256 of the cookie's token: the token itself is never stored. */
  tokenHash: string;
  path: string;
}

/** Keeps the draft of one page, replacing an earlier one of the same holder and page. */
export async function upsertDraft(
  executor: Executor,
  key: DraftKey,
  fields: TFormDraftFields,
  expiresAt: Date,
): Promise<void> {
  await executor
    .insert(formDrafts)
    .values({ ...key, fields, expiresAt })
    .onConflictDoUpdate({
      target: [formDrafts.tokenHash, formDrafts.path],
      set: { fields, expiresAt, createdAt: sql`now()` },
    });
}

/** Removes the draft and hands over its fields, unless it has expired (then it waits for the purge). */
export async function takeDraft(
  executor: Executor,
  key: DraftKey,
): Promise<TFormDraftFields | undefined> {
  const [row] = await executor
    .delete(formDrafts)
    .where(
      and(
        eq(formDrafts.tokenHash, key.tokenHash),
        eq(formDrafts.path, key.path),
        gt(formDrafts.expiresAt, sql`now()`),
      ),
    )
    .returning({ fields: formDrafts.fields });
  return row?.fields;
}

/** Deletes every expired draft; answers how many. */
export async function purgeExpiredDrafts(executor: Executor): Promise<number> {
  const rows = await executor
    .delete(formDrafts)
    .where(sql`${formDrafts.expiresAt} <= now()`)
    .returning({ path: formDrafts.path });
  return rows.length;
}
