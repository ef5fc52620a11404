import type { CampaignDocumentKind } from '@ipatient/contracts/evidence-rules';
import {
  and,
  builtOnce,
  campaignDocuments,
  campaignVerifications,
  type Executor,
  eq,
  facilities,
  inArray,
  isNull,
  lt,
  sql,
} from '@ipatient/db';

// The evidence of a campaign's need: its private documents and the admin's recorded check.

export type DocumentRow = typeof campaignDocuments.$inferSelect;
export type VerificationRow = typeof campaignVerifications.$inferSelect;
export type VerificationInsert = typeof campaignVerifications.$inferInsert;

export async function insertDocument(
  executor: Executor,
  values: typeof campaignDocuments.$inferInsert,
): Promise<DocumentRow> {
  const [row] = await executor.insert(campaignDocuments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findDocument(
  executor: Executor,
  id: string,
): Promise<DocumentRow | undefined> {
  const [row] = await executor
    .select()
    .from(campaignDocuments)
    .where(eq(campaignDocuments.id, id))
    .limit(1);
  return row;
}

/** These documents, locked until the transaction ends (an attach or a purge waits). */
export async function lockDocuments(executor: Executor, ids: string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return executor
    .select()
    .from(campaignDocuments)
    .where(inArray(campaignDocuments.id, ids))
    .for('update');
}

/** Attaches unattached documents to a campaign; returns how many were attached. */
export async function attachDocuments(
  executor: Executor,
  ids: string[],
  campaignId: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await executor
    .update(campaignDocuments)
    .set({ campaignId, attachedAt: sql`now()` })
    .where(and(inArray(campaignDocuments.id, ids), isNull(campaignDocuments.campaignId)))
    .returning({ id: campaignDocuments.id });
  return rows.length;
}

/** A campaign's documents, oldest first. */
export async function documentsOfCampaign(
  executor: Executor,
  campaignId: string,
): Promise<DocumentRow[]> {
  return executor
    .select()
    .from(campaignDocuments)
    .where(eq(campaignDocuments.campaignId, campaignId))
    .orderBy(campaignDocuments.createdAt, campaignDocuments.id);
}

/**
 * Deletes the documents uploaded before `cutoff` and never attached; returns their storage keys
 * (the files to remove). A document being attached holds its row lock, and the delete checks
 * `campaign_id is null` again once it gets the row, so an attached document is never deleted.
 */
export async function deleteUnattachedBefore(executor: Executor, cutoff: Date): Promise<string[]> {
  const rows = await executor
    .delete(campaignDocuments)
    .where(and(isNull(campaignDocuments.campaignId), lt(campaignDocuments.createdAt, cutoff)))
    .returning({ storageKey: campaignDocuments.storageKey });
  return rows.map((row) => row.storageKey);
}

export async function facilityNames(
  executor: Executor,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await facilityNamesQuery(executor).execute({ ids });
  return new Map(rows.map((row) => [row.id, row.name]));
}

const facilityNamesQuery = builtOnce((executor) =>
  executor
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(sql`${facilities.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('facility_names'),
);

export interface VerificationWithKinds extends VerificationRow {
  /** The kinds of the campaign's documents attached by the time of the check. */
  documentKinds: CampaignDocumentKind[];
}

const verificationsQuery = builtOnce((executor) =>
  executor
    .select({
      verification: campaignVerifications,
      documentKinds: sql<
        CampaignDocumentKind[]
      >`coalesce((select array_agg(distinct d.kind order by d.kind) from ${campaignDocuments} d where d.campaign_id = ${campaignVerifications.campaignId} and d.attached_at <= ${campaignVerifications.checkedAt}), '{}'::text[])`,
    })
    .from(campaignVerifications)
    .where(
      sql`${campaignVerifications.campaignId} = any(${sql.placeholder('campaignIds')}::uuid[])`,
    )
    .prepare('campaign_verifications_of'),
);

/** The recorded checks of these campaigns, with the kinds of document each covered. */
export async function verificationsOf(
  executor: Executor,
  campaignIds: string[],
): Promise<Map<string, VerificationWithKinds>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await verificationsQuery(executor).execute({ campaignIds });
  return new Map(
    rows.map((row) => [
      row.verification.campaignId,
      { ...row.verification, documentKinds: row.documentKinds },
    ]),
  );
}

/** Records the admin's check (the latest replaces the one before). */
export async function upsertVerification(
  executor: Executor,
  values: VerificationInsert,
): Promise<void> {
  const { campaignId: _id, ...update } = values;
  await executor
    .insert(campaignVerifications)
    .values(values)
    .onConflictDoUpdate({ target: campaignVerifications.campaignId, set: update });
}
