import { type Executor, sql } from '@ipatient/db';

/** A campaign's counters (kobo, whole naira for amount_raised) and the sums of its rows. */
export interface CampaignSums {
  id: string;
  title: string;
  donatedKobo: number;
  awardedKobo: number;
  availableKobo: number;
  pendingPayoutKobo: number;
  paidOutKobo: number;
  refundedKobo: number;
  amountRaised: number;
  donationCount: number;
  rowsDonated: number;
  rowsCounted: number;
  rowsRefunded: number;
  rowsPaidOut: number;
  rowsPending: number;
  rowsAwarded: number;
}

const numbers = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      key === 'id' || key === 'title' ? value : Number(value ?? 0),
    ]),
  );

/**
 * Every campaign with any money (counters or rows), each counter beside the sum recomputed
 * from donations (succeeded, less the payment provider's fee: what the campaign was credited), refunds (not failed), payouts (paid; pending states) and weekly
 * awards. One statement, so the figures are of one moment.
 */
export async function campaignSums(
  executor: Executor,
  pendingStatuses: readonly string[],
): Promise<CampaignSums[]> {
  const pending = sql.join(
    pendingStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const result = await executor.execute(sql`
    select c.id, c.title,
      c.donated_kobo as "donatedKobo", c.awarded_kobo as "awardedKobo",
      c.available_kobo as "availableKobo", c.pending_payout_kobo as "pendingPayoutKobo",
      c.paid_out_kobo as "paidOutKobo", c.refunded_kobo as "refundedKobo",
      c.amount_raised as "amountRaised", c.donation_count as "donationCount",
      d.donated as "rowsDonated", d.counted as "rowsCounted", r.refunded as "rowsRefunded",
      p.paid as "rowsPaidOut", p.pending as "rowsPending", w.awarded as "rowsAwarded"
    from campaigns c
    left join (
      select campaign_id, sum(amount_kobo - fee_kobo) as donated,
        count(*) filter (where refunded_kobo < amount_kobo - fee_kobo) as counted
      from donations where status = 'succeeded' and campaign_id is not null group by campaign_id
    ) d on d.campaign_id = c.id
    left join (
      select campaign_id, sum(amount_kobo) as refunded
      from refunds where status <> 'failed' and campaign_id is not null group by campaign_id
    ) r on r.campaign_id = c.id
    left join (
      select campaign_id,
        sum(amount_kobo) filter (where status = 'paid') as paid,
        sum(amount_kobo) filter (where status in (${pending})) as pending
      from payouts group by campaign_id
    ) p on p.campaign_id = c.id
    left join (
      select campaign_id, sum(award_kobo) as awarded
      from campaign_weekly_winners where award_kobo > 0 group by campaign_id
    ) w on w.campaign_id = c.id
    where c.donated_kobo + c.awarded_kobo > 0 or c.amount_raised <> 0 or c.donation_count <> 0
      or d.campaign_id is not null or r.campaign_id is not null
      or p.campaign_id is not null or w.campaign_id is not null
    order by c.created_at, c.id`);
  return result.rows.map((row) => numbers(row) as unknown as CampaignSums);
}

/** The Green-Heart fund's counters and the sums of its rows (gifts, refunds, awards paid). */
export async function fundSums(executor: Executor) {
  const result = await executor.execute(sql`
    select
      coalesce(f.donated_kobo, 0) as "donatedKobo", coalesce(f.awarded_kobo, 0) as "awardedKobo",
      coalesce(f.available_kobo, 0) as "availableKobo", coalesce(f.refunded_kobo, 0) as "refundedKobo",
      (select coalesce(sum(amount_kobo - fee_kobo), 0) from donations
        where status = 'succeeded' and campaign_id is null) as "rowsDonated",
      (select coalesce(sum(amount_kobo), 0) from refunds
        where status <> 'failed' and campaign_id is null) as "rowsRefunded",
      (select coalesce(sum(award_kobo), 0) from campaign_weekly_winners) as "rowsAwarded"
    from (select 1) as one left join green_heart_fund f on f.id = 1`);
  const row = result.rows[0] ?? {};
  return numbers(row) as {
    donatedKobo: number;
    awardedKobo: number;
    availableKobo: number;
    refundedKobo: number;
    rowsDonated: number;
    rowsRefunded: number;
    rowsAwarded: number;
  };
}
