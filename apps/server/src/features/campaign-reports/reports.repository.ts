import type { ReportStatus } from '@ipatient/contracts/campaign-reports';
import {
  and,
  asc,
  campaignReports,
  campaigns,
  type Executor,
  eq,
  isNull,
  ne,
  sql,
} from '@ipatient/db';

export type ReportRow = typeof campaignReports.$inferSelect;
export type ReportInsert = typeof campaignReports.$inferInsert;

/** A report with its campaign's title and how many reports the campaign has (open and in all). */
export type ListedReport = ReportRow & {
  campaignTitle: string;
  campaignReports: number;
  campaignOpenReports: number;
};

/** What a report needs of its campaign. */
export interface ReportCampaign {
  id: string;
  title: string;
  fundraisingFor: string;
  status: string;
  deleted: boolean;
  payoutsFrozenAt: Date | null;
  payoutsFrozenReason: string | null;
}

const campaignColumns = {
  id: campaigns.id,
  title: campaigns.title,
  fundraisingFor: campaigns.fundraisingFor,
  status: campaigns.status,
  deleted: sql<boolean>`${campaigns.deletedAt} is not null`,
  payoutsFrozenAt: campaigns.payoutsFrozenAt,
  payoutsFrozenReason: campaigns.payoutsFrozenReason,
};

export async function findCampaign(
  executor: Executor,
  id: string,
): Promise<ReportCampaign | undefined> {
  const [row] = await executor
    .select(campaignColumns)
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .limit(1);
  return row;
}

/**
 * Serialises the reports of one campaign, then those of one address, until the transaction
 * ends (always in this order, so two reports never wait on each other's locks).
 */
export async function lockReporters(
  executor: Executor,
  campaignId: string,
  address: string,
): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`campaign-report-campaign:${campaignId}`}))`,
  );
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`campaign-report-address:${address}`}))`,
  );
}

export async function insertReport(executor: Executor, values: ReportInsert): Promise<ReportRow> {
  const [row] = await executor.insert(campaignReports).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

const listedColumns = {
  report: campaignReports,
  campaignTitle: campaigns.title,
  campaignReports: sql<number>`(select count(*)::int from campaign_reports other where other.campaign_id = ${campaignReports.campaignId})`,
  campaignOpenReports: sql<number>`(select count(*)::int from campaign_reports other where other.campaign_id = ${campaignReports.campaignId} and other.status = 'open')`,
};

type ListedSelect = {
  report: ReportRow;
  campaignTitle: string;
  campaignReports: number;
  campaignOpenReports: number;
};

const flatten = (row: ListedSelect): ListedReport => ({
  ...row.report,
  campaignTitle: row.campaignTitle,
  campaignReports: Number(row.campaignReports),
  campaignOpenReports: Number(row.campaignOpenReports),
});

/** The queue: open reports first, then oldest first; one page, with the total. */
export async function listReports(
  executor: Executor,
  options: { status: ReportStatus | undefined; offset: number; limit: number },
): Promise<{ rows: ListedReport[]; total: number }> {
  const where = options.status ? eq(campaignReports.status, options.status) : undefined;
  const rows = await executor
    .select(listedColumns)
    .from(campaignReports)
    .innerJoin(campaigns, eq(campaigns.id, campaignReports.campaignId))
    .where(where)
    .orderBy(
      sql`(${campaignReports.status} = 'open') desc`,
      asc(campaignReports.createdAt),
      asc(campaignReports.id),
    )
    .limit(options.limit)
    .offset(options.offset);
  const [count] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(campaignReports)
    .where(where);
  return { rows: rows.map(flatten), total: Number(count?.total ?? 0) };
}

export async function findListedReport(
  executor: Executor,
  id: string,
): Promise<ListedReport | undefined> {
  const [row] = await executor
    .select(listedColumns)
    .from(campaignReports)
    .innerJoin(campaigns, eq(campaigns.id, campaignReports.campaignId))
    .where(eq(campaignReports.id, id))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** The campaign's other reports, oldest first (at most `limit`). */
export async function otherReports(
  executor: Executor,
  report: Pick<ReportRow, 'id' | 'campaignId'>,
  limit: number,
): Promise<(ReportRow & { campaignTitle: string })[]> {
  const rows = await executor
    .select({ report: campaignReports, campaignTitle: campaigns.title })
    .from(campaignReports)
    .innerJoin(campaigns, eq(campaigns.id, campaignReports.campaignId))
    .where(
      and(eq(campaignReports.campaignId, report.campaignId), ne(campaignReports.id, report.id)),
    )
    .orderBy(asc(campaignReports.createdAt), asc(campaignReports.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.report, campaignTitle: row.campaignTitle }));
}

/** Holds the campaign's payouts unless they are held already; true when this call held them. */
export async function freezePayouts(
  executor: Executor,
  campaignId: string,
  reason: string,
): Promise<boolean> {
  const rows = await executor
    .update(campaigns)
    .set({ payoutsFrozenAt: sql`now()`, payoutsFrozenReason: reason })
    .where(and(eq(campaigns.id, campaignId), isNull(campaigns.payoutsFrozenAt)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

/** Releases a hold placed for `reason`; true when there was one to release. */
export async function unfreezePayouts(
  executor: Executor,
  campaignId: string,
  reason: string,
): Promise<boolean> {
  const rows = await executor
    .update(campaigns)
    .set({ payoutsFrozenAt: null, payoutsFrozenReason: null })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.payoutsFrozenReason, reason)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

/** Closes an open report; undefined when it was not open (closed at once by another admin). */
export async function closeReport(
  executor: Executor,
  id: string,
  values: { status: Exclude<ReportStatus, 'open'>; outcome: string; resolvedBy: string },
): Promise<ReportRow | undefined> {
  const [row] = await executor
    .update(campaignReports)
    .set({ ...values, resolvedAt: sql`now()` })
    .where(and(eq(campaignReports.id, id), eq(campaignReports.status, 'open')))
    .returning();
  return row;
}
