import {
  accountDeletionTexts,
  type TDeletionCampaign,
  type TDeletionPreview,
} from '@ipatient/contracts/account-deletion';
import { formatNaira } from '@ipatient/contracts/format';
import type { Database, Executor } from '@ipatient/db';
import { verifyPassword } from '../../lib/passwords.ts';
import type { OutboxMailer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Storage } from '../../plugins/storage/storage.ts';
import { accountDeletedEmail } from './account-deletion.emails.ts';
import * as repository from './account-deletion.repository.ts';

/** The failed-login limits of sign-in, which a wrong password here counts toward. */
export interface LoginLimits {
  assertLoginAllowed(executor: Executor, email: string, clientKey: string): Promise<void>;
  recordLoginFailure(executor: Executor, email: string, clientKey: string): Promise<void>;
}

export interface AccountDeletionDeps {
  db: Database;
  mail: OutboxMailer;
  storage: Storage;
  loginLimits: LoginLimits;
}

function describe(campaign: repository.OwnCampaign): TDeletionCampaign {
  const base = {
    id: campaign.id,
    title: campaign.title,
    heldKobo: campaign.heldKobo,
    payoutPending: campaign.payoutPending,
  };
  if (!campaign.hasMoney) {
    return {
      ...base,
      outcome: 'deleted',
      explanation: 'It has received no money, so it will be deleted with its private documents.',
    };
  }
  const held =
    campaign.heldKobo > 0
      ? ` The ${formatNaira(campaign.heldKobo / 100)} it still holds stays for the hospital: our admins pay it to the hospital or refund the donors, with two admins approving each payment.`
      : '';
  const pending = campaign.payoutPending
    ? ' A payment to the hospital is waiting for approval and will still go ahead.'
    : '';
  return {
    ...base,
    outcome: 'closed',
    explanation: `It has received money, so it will be closed, not deleted: no one can give to it or like it any more, and its page will no longer show your name.${held}${pending}`,
  };
}

/** Exactly what deleting the account would do, for the member to read before deciding. */
export async function preview(
  deps: AccountDeletionDeps,
  userId: string,
): Promise<TDeletionPreview> {
  const campaigns = await repository.listOwnCampaigns(deps.db, userId);
  return {
    erased: [...accountDeletionTexts.erased],
    kept: accountDeletionTexts.kept.map((item) => ({ ...item })),
    campaigns: campaigns.map(describe),
    erasureDays: accountDeletionTexts.erasureDays,
  };
}

/**
 * Deletes the account at once, in one transaction: signed out everywhere, the address and
 * number freed, every public trace hidden, campaigns closed or deleted, the confirmation queued.
 * A wrong password counts as a failed login and changes nothing.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  user: { id: string; email: string; role: string; passwordHash: string },
  password: string,
  clientKey: string,
): Promise<void> {
  if (user.role === 'admin') throw new AppError('FORBIDDEN', accountDeletionTexts.adminRefused);
  await deps.loginLimits.assertLoginAllowed(deps.db, user.email, clientKey);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await deps.db.transaction((tx) =>
      deps.loginLimits.recordLoginFailure(tx, user.email, clientKey),
    );
    throw new AppError('VALIDATION', accountDeletionTexts.wrongPassword, {
      errors: { password: accountDeletionTexts.wrongPassword },
    });
  }
  await deps.db.transaction(async (tx) => {
    const row = await repository.findUserForDeletion(tx, user.id);
    if (!row || row.deleted_at) {
      throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please log in again.');
    }
    if (row.role === 'admin') throw new AppError('FORBIDDEN', accountDeletionTexts.adminRefused);
    for (const campaign of await repository.listOwnCampaigns(tx, user.id)) {
      if (campaign.hasMoney) await repository.closeCampaign(tx, campaign.id);
      else await repository.deleteCampaign(tx, campaign.id);
    }
    await repository.removePublicTraces(tx, user.id);
    await repository.markDeleted(tx, user.id, row.email);
    await deps.mail.enqueue(tx, { to: row.email, ...accountDeletedEmail(row.first_name) });
  });
  deps.mail.kick();
  // Erased at once; should this fail, the scheduled job finishes it within minutes.
  await eraseOne(deps, user.id).catch(() => false);
}

/** Erases one deleted account; false when it was already erased or another run holds it. */
async function eraseOne(
  deps: Pick<AccountDeletionDeps, 'db' | 'storage'>,
  userId: string,
): Promise<boolean> {
  const files = await deps.db.transaction((tx) => repository.eraseAccount(tx, userId));
  if (!files) return false;
  // The rows naming them are gone; a file left by a failed delete is unreachable.
  await Promise.allSettled(files.map((key) => deps.storage.delete(key)));
  return true;
}

/**
 * Finishes deleted accounts: personal details cleared, files deleted, private rows removed,
 * `erased_at` set. Each account is erased in its own transaction under a row lock that another
 * instance skips, so two runs never erase one account twice; an erased account is not picked
 * again. Answers how many were erased.
 */
export async function eraseDeletedAccounts(
  deps: Pick<AccountDeletionDeps, 'db' | 'storage'>,
  batch = 50,
): Promise<number> {
  let erased = 0;
  for (const userId of await repository.accountsToErase(deps.db, batch)) {
    if (await eraseOne(deps, userId)) erased += 1;
  }
  return erased;
}
