import type { ConsentKind, ConsentSource } from '@ipatient/contracts/consents';
import { consents, type Executor, sql, users } from '@ipatient/db';

/** One consent given or withdrawn. */
export interface ConsentEntry {
  userId: string;
  kind: ConsentKind;
  /** The document's version, the cookie choice, or the campaign's title (donor updates). */
  version?: string | null;
  granted: boolean;
  source: ConsentSource;
}

/**
 * Records consents in the caller's transaction, beside the change they explain (a sign-up, a
 * setting, a gift), so the record never says other than what the account does.
 */
export async function recordConsents(
  executor: Executor,
  entries: readonly ConsentEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await executor.insert(consents).values([...entries]);
}

/**
 * A link in a campaign's update email stopped its updates for an address: when the address is a
 * member's, their record says so. Returns how many records were written (0 for a guest donor,
 * whose choice is kept on their gifts only).
 */
export async function recordDonorUpdatesStopped(
  executor: Executor,
  email: string,
  campaignTitle: string,
): Promise<number> {
  const written = await executor.execute(sql`
    insert into ${consents} (user_id, kind, version, granted, source)
    select ${users.id}, 'donor_updates', ${campaignTitle}, false, 'unsubscribe'
    from ${users}
    where lower(${users.email}) = lower(${email}) and ${users.deletedAt} is null`);
  return written.rowCount ?? 0;
}
