import {
  and,
  type Executor,
  eq,
  facilities,
  facilityPayoutAccounts,
  isNotNull,
  isNull,
  type SQL,
  sql,
  users,
} from '@ipatient/db';

export type PayoutAccountRow = typeof facilityPayoutAccounts.$inferSelect;

/** A payout account with its facility's name and the names of the admins who added and verified it. */
export interface PayoutAccountWithNames {
  account: PayoutAccountRow;
  facilityName: string;
  addedByName: string | null;
  verifiedByName: string | null;
}

/**
 * Whether the facility of the surrounding query (`facilities`) has a verified payout account:
 * the public `paysDirect`, never more of the account.
 */
export const paysDirectColumn: SQL<boolean> = sql<boolean>`exists (select 1 from ${facilityPayoutAccounts} where ${facilityPayoutAccounts.facilityId} = ${facilities.id} and ${facilityPayoutAccounts.verifiedAt} is not null)`;

const nameOf = (
  id: typeof facilityPayoutAccounts.addedBy | typeof facilityPayoutAccounts.verifiedBy,
) =>
  sql<
    string | null
  >`(select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${id})`;

export async function findPayoutAccount(
  executor: Executor,
  facilityId: string,
): Promise<PayoutAccountWithNames | undefined> {
  const [row] = await executor
    .select({
      account: facilityPayoutAccounts,
      facilityName: facilities.name,
      addedByName: nameOf(facilityPayoutAccounts.addedBy),
      verifiedByName: nameOf(facilityPayoutAccounts.verifiedBy),
    })
    .from(facilityPayoutAccounts)
    .innerJoin(facilities, eq(facilities.id, facilityPayoutAccounts.facilityId))
    .where(eq(facilityPayoutAccounts.facilityId, facilityId))
    .limit(1);
  return row;
}

/** Whether one facility has a verified payout account. */
export async function facilityPaysDirect(executor: Executor, facilityId: string): Promise<boolean> {
  const [row] = await executor
    .select({ paysDirect: paysDirectColumn })
    .from(facilities)
    .where(eq(facilities.id, facilityId));
  return row?.paysDirect ?? false;
}

export interface NewPayoutAccount {
  facilityId: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  lookupProvider: 'paystack' | 'sandbox';
  addedBy: string;
}

/**
 * Stores the facility's account, replacing any previous one: a replaced account is unverified
 * again (no recipient, nobody verified it), whoever verified the old one.
 */
export async function upsertPayoutAccount(
  executor: Executor,
  values: NewPayoutAccount,
): Promise<void> {
  const fresh = {
    bankCode: values.bankCode,
    bankName: values.bankName,
    accountNumber: values.accountNumber,
    accountName: values.accountName,
    lookupProvider: values.lookupProvider,
    addedBy: values.addedBy,
    addedAt: sql`now()`,
    recipientCode: null,
    verifiedBy: null,
    verifiedAt: null,
  };
  await executor
    .insert(facilityPayoutAccounts)
    .values({ facilityId: values.facilityId, ...fresh })
    .onConflictDoUpdate({ target: facilityPayoutAccounts.facilityId, set: fresh });
}

/** The account's row, locked until the transaction ends (verifying it). */
export async function lockPayoutAccount(
  executor: Executor,
  facilityId: string,
): Promise<PayoutAccountRow | undefined> {
  const [row] = await executor
    .select()
    .from(facilityPayoutAccounts)
    .where(eq(facilityPayoutAccounts.facilityId, facilityId))
    .limit(1)
    .for('update');
  return row;
}

/** Marks the (locked, unverified) account verified with its provider recipient. */
export async function markPayoutAccountVerified(
  executor: Executor,
  facilityId: string,
  verifier: string,
  recipientCode: string,
): Promise<boolean> {
  const rows = await executor
    .update(facilityPayoutAccounts)
    .set({ recipientCode, verifiedBy: verifier, verifiedAt: sql`now()` })
    .where(
      and(
        eq(facilityPayoutAccounts.facilityId, facilityId),
        isNull(facilityPayoutAccounts.verifiedAt),
      ),
    )
    .returning({ facilityId: facilityPayoutAccounts.facilityId });
  return rows.length > 0;
}

/**
 * Sends a verified account back to unverified (no recipient, nobody verified it), as when it is
 * replaced: its name was matched against the facility's name, and that name changed. False when
 * the facility has no verified account.
 */
export async function unverifyPayoutAccount(
  executor: Executor,
  facilityId: string,
): Promise<boolean> {
  const rows = await executor
    .update(facilityPayoutAccounts)
    .set({ recipientCode: null, verifiedBy: null, verifiedAt: null })
    .where(
      and(
        eq(facilityPayoutAccounts.facilityId, facilityId),
        isNotNull(facilityPayoutAccounts.verifiedAt),
      ),
    )
    .returning({ facilityId: facilityPayoutAccounts.facilityId });
  return rows.length > 0;
}

export async function deletePayoutAccount(
  executor: Executor,
  facilityId: string,
): Promise<boolean> {
  const rows = await executor
    .delete(facilityPayoutAccounts)
    .where(eq(facilityPayoutAccounts.facilityId, facilityId))
    .returning({ facilityId: facilityPayoutAccounts.facilityId });
  return rows.length > 0;
}
