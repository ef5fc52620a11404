import {
  and,
  campaigns,
  desc,
  donations,
  type Executor,
  eq,
  isNull,
  or,
  payouts,
  refunds,
  type SQL,
  sql,
} from '@ipatient/db';
import { type RefundView, refundView } from './refunds.repository.ts';

type AnyColumn = Parameters<typeof isNull>[0];

/** The filters the admin money lists share (dates are days in Lagos, both included). */
export interface MoneyFilter {
  status?: string | undefined;
  campaignId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

export interface Page {
  limit: number;
  offset: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function common(
  filter: MoneyFilter,
  columns: { status: AnyColumn; campaignId: AnyColumn; date: AnyColumn; search: AnyColumn[] },
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.status) conditions.push(eq(columns.status, filter.status));
  if (filter.campaignId === 'fund') conditions.push(isNull(columns.campaignId));
  else if (filter.campaignId) conditions.push(eq(columns.campaignId, filter.campaignId));
  if (filter.from) {
    conditions.push(
      sql`${columns.date} >= (${filter.from}::date::timestamp at time zone 'Africa/Lagos')`,
    );
  }
  if (filter.to) {
    conditions.push(
      sql`${columns.date} < ((${filter.to}::date + 1)::timestamp at time zone 'Africa/Lagos')`,
    );
  }
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(...columns.search.map((column) => sql`${column} ilike ${pattern}`)));
  }
  return and(...conditions);
}

const totalsOf = (amount: AnyColumn) => ({
  count: sql<number>`count(*)`.mapWith(Number),
  kobo: sql<number>`coalesce(sum(${amount}), 0)`.mapWith(Number),
});

export async function listDonations(executor: Executor, filter: MoneyFilter, page: Page) {
  const where = common(filter, {
    status: donations.status,
    campaignId: donations.campaignId,
    date: donations.createdAt,
    search: [donations.reference, donations.donorEmail],
  });
  const [rows, [totals]] = await Promise.all([
    executor
      .select({ donation: donations, campaignTitle: campaigns.title })
      .from(donations)
      .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
      .where(where)
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(page.limit)
      .offset(page.offset),
    executor.select(totalsOf(donations.amountKobo)).from(donations).where(where),
  ]);
  return { rows, totals: totals ?? { count: 0, kobo: 0 } };
}

export async function listPayouts(executor: Executor, filter: MoneyFilter, page: Page) {
  const where = common(filter, {
    status: payouts.status,
    campaignId: payouts.campaignId,
    date: payouts.requestedAt,
    search: [payouts.reference, payouts.payeeName],
  });
  const [rows, [totals]] = await Promise.all([
    executor
      .select({ payout: payouts, campaignTitle: campaigns.title })
      .from(payouts)
      .innerJoin(campaigns, eq(campaigns.id, payouts.campaignId))
      .where(where)
      .orderBy(desc(payouts.requestedAt), desc(payouts.id))
      .limit(page.limit)
      .offset(page.offset),
    executor.select(totalsOf(payouts.amountKobo)).from(payouts).where(where),
  ]);
  return { rows, totals: totals ?? { count: 0, kobo: 0 } };
}

export async function listRefunds(
  executor: Executor,
  filter: MoneyFilter,
  page: Page,
): Promise<{ rows: RefundView[]; totals: { count: number; kobo: number } }> {
  const where = common(filter, {
    status: refunds.status,
    campaignId: refunds.campaignId,
    date: refunds.createdAt,
    search: [donations.reference, donations.donorEmail],
  });
  const [rows, [totals]] = await Promise.all([
    executor
      .select(refundView())
      .from(refunds)
      .innerJoin(donations, eq(donations.id, refunds.donationId))
      .leftJoin(campaigns, eq(campaigns.id, refunds.campaignId))
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(page.limit)
      .offset(page.offset),
    executor
      .select(totalsOf(refunds.amountKobo))
      .from(refunds)
      .innerJoin(donations, eq(donations.id, refunds.donationId))
      .where(where),
  ]);
  return { rows, totals: totals ?? { count: 0, kobo: 0 } };
}
