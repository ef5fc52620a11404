import type {
  TAdminCampaignUpdate,
  TAdminCampaignUpdatesList,
  TAdminCampaignUpdatesQuery,
  TAdminWordOfSupport,
} from '@ipatient/contracts/campaign-updates';
import { campaignUpdateTexts } from '@ipatient/contracts/campaign-updates';
import type { Database } from '@ipatient/db';
import type { UserRow } from '../../lib/present-user.ts';
import { AppError } from '../../plugins/errors.ts';
import { presentOwnUpdate, presentWord } from './updates.presenter.ts';
import * as repository from './updates.repository.ts';

// Admins' side of updates and words of support: the list to moderate, and hiding one.

type AdminUpdateRow = { update: repository.UpdateRow; campaign: { id: string; title: string } };
type AdminWordRow = { gift: repository.DonationRow; campaign: { id: string; title: string } };

const presentAdminUpdate = (row: AdminUpdateRow): TAdminCampaignUpdate => ({
  ...presentOwnUpdate(row.update),
  campaign: { _id: row.campaign.id, title: row.campaign.title },
});

const presentAdminWord = (row: AdminWordRow): TAdminWordOfSupport => ({
  ...presentWord(row.gift),
  campaign: { _id: row.campaign.id, title: row.campaign.title },
  hiddenAt: row.gift.messageHiddenAt?.toISOString() ?? null,
  reportedAt: row.gift.messageReportedAt?.toISOString() ?? null,
});

export async function listForAdmins(
  db: Database,
  query: TAdminCampaignUpdatesQuery,
): Promise<TAdminCampaignUpdatesList> {
  const found = await repository.adminLists(db, query);
  return {
    updates: found.updates.map(presentAdminUpdate),
    updatesTotal: found.updatesTotal,
    words: found.words.map(presentAdminWord),
    wordsTotal: found.wordsTotal,
    page: query.page,
    limit: query.limit,
  };
}

/** The update as admins see it, for the audit log's "before" (null: none). */
export async function updateForAudit(db: Database, id: string) {
  const row = await repository.findUpdateForAdmin(db, id);
  return row ? presentAdminUpdate(row) : null;
}

/** The word of support as admins see it, for the audit log's "before" (null: none). */
export async function wordForAudit(db: Database, id: string) {
  const row = await repository.findMessageForAdmin(db, id);
  return row ? presentAdminWord(row) : null;
}

export async function hideUpdate(
  db: Database,
  admin: UserRow,
  id: string,
  reason: string,
): Promise<TAdminCampaignUpdate> {
  return db.transaction(async (tx) => {
    const row = await repository.findUpdateForAdmin(tx, id, { lock: true });
    if (!row) throw AppError.notFound('Update');
    if (row.update.hiddenAt) throw new AppError('CONFLICT', campaignUpdateTexts.alreadyHidden);
    const update = await repository.hideUpdate(tx, id, {
      hiddenBy: admin.id,
      hiddenReason: reason,
    });
    return presentAdminUpdate({ update, campaign: row.campaign });
  });
}

export async function hideMessage(db: Database, id: string): Promise<TAdminWordOfSupport> {
  return db.transaction(async (tx) => {
    const row = await repository.findMessageForAdmin(tx, id, { lock: true });
    if (!row) throw AppError.notFound('Gift');
    if (row.gift.messageHiddenAt) {
      throw new AppError('CONFLICT', campaignUpdateTexts.alreadyHidden);
    }
    const gift = await repository.setGift(tx, id, { messageHiddenAt: new Date() });
    return presentAdminWord({ gift, campaign: row.campaign });
  });
}
