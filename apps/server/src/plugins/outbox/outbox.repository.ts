import { type emailOutbox, type SQL, type smsOutbox, sql } from '@ipatient/db';

/**
 * `with due as (…)`: the ids of up to `limit` pending messages of an outbox due at `now`, earliest
 * first, row-locked with SKIP LOCKED so two workers never claim one message. The claim that
 * follows updates `from due`. The rows are picked once, in a materialised CTE: an
 * `IN (subquery)` with LIMIT and SKIP LOCKED may be run again for each updated row and then
 * claim more than `limit`.
 */
export function dueRows(
  outbox: typeof emailOutbox | typeof smsOutbox,
  options: { now: Date | SQL; limit: number },
): SQL {
  return sql`with due as materialized (
      select ${outbox.id} as id from ${outbox}
      where ${outbox.status} = 'pending' and ${outbox.nextAttemptAt} <= ${options.now}
      order by ${outbox.nextAttemptAt}
      limit ${options.limit}
      for update skip locked
    )`;
}
