import {
  revisionFieldLabels,
  revisionTexts,
  type TCampaignRevision,
  type TRevisionApproveRequest,
  type TRevisionRejectRequest,
} from '@ipatient/contracts/campaign-revisions';
import { checklistRequiredText } from '@ipatient/contracts/evidence';
import { formatNaira } from '@ipatient/contracts/format';
import type { Database, Executor, StoredImageSize } from '@ipatient/db';
import { presentImageSizes } from '../../lib/present-image-sizes.ts';
import type { UserRow } from '../../lib/present-user.ts';
import { removeImageSizes } from '../../lib/stored-images.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordApprovalCheck } from './campaign-review.service.ts';
import { revisionReviewEmail } from './campaign-revisions.emails.ts';
import * as revisions from './campaign-revisions.repository.ts';
import * as repository from './campaigns.repository.ts';
import type { CampaignsDeps } from './campaigns.service.ts';
import { liveSetChanged } from './live-total.ts';

// A live campaign's edit of what reviewers check waits here as its one pending revision: the
// campaign stays live with the approved version until an admin approves or rejects the change.

type CampaignRow = repository.CampaignRow;
type Column = keyof CampaignRow;

const BANK_COLUMNS = [
  'bankCode',
  'bankName',
  'accountNumber',
  'accountName',
  'bankLookupProvider',
] as const satisfies readonly Column[];
const FACILITY_COLUMNS = ['facilityId', 'facilityName'] as const satisfies readonly Column[];

/** The campaign's columns a revision may hold (everything else is applied at once). */
const REVISED_COLUMNS = new Set<string>([
  'title',
  'description',
  'fundraisingFor',
  'beneficiaryFirstName',
  'beneficiaryLastName',
  'beneficiaryType',
  'amountNeeded',
  'duration',
  'diagnosis',
  'diagnosisHidden',
  ...FACILITY_COLUMNS,
  ...BANK_COLUMNS,
]);

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * Merges `proposed` (campaign columns; bank columns as a group when the account changes; the
 * facility's two columns together) into the campaign's pending revision, or starts one. A value
 * equal to the approved one drops out; a revision left with nothing is withdrawn. Returns the
 * files no longer needed (a replaced pending cover) and whether a change now waits.
 */
export async function proposeRevision(
  tx: Executor,
  campaign: CampaignRow,
  userId: string,
  proposed: Partial<Record<Column, unknown>>,
  sizes: StoredImageSize[] | undefined,
): Promise<{ removed: StoredImageSize[]; pending: boolean }> {
  const current = await revisions.findPendingRevision(tx, campaign.id, { lock: true });
  const changes: Record<string, unknown> = { ...current?.changes };
  const group = (columns: readonly Column[], unchanged: boolean) => {
    for (const column of columns) {
      if (unchanged) delete changes[column];
      else changes[column] = proposed[column] ?? null;
    }
  };
  if (proposed.bankCode !== undefined) {
    group(
      BANK_COLUMNS,
      same(proposed.bankCode, campaign.bankCode) &&
        same(proposed.accountNumber, campaign.accountNumber),
    );
  }
  if (proposed.facilityId !== undefined || proposed.facilityName !== undefined) {
    group(
      FACILITY_COLUMNS,
      same(proposed.facilityId, campaign.facilityId) &&
        same(proposed.facilityName, campaign.facilityName),
    );
  }
  for (const [column, value] of Object.entries(proposed)) {
    if (!REVISED_COLUMNS.has(column) || value === undefined) continue;
    if ((BANK_COLUMNS as readonly string[]).includes(column)) continue;
    if ((FACILITY_COLUMNS as readonly string[]).includes(column)) continue;
    if (same(value, campaign[column as Column])) delete changes[column];
    else changes[column] = value;
  }
  const removed: StoredImageSize[] = [];
  let imageSizes = current?.imageSizes ?? [];
  if (sizes) {
    removed.push(...imageSizes);
    imageSizes = sizes;
  }
  const previous: Record<string, unknown> = {};
  for (const column of Object.keys(changes)) previous[column] = campaign[column as Column] ?? null;
  const values = {
    changes,
    previous,
    imageSizes,
    bankChanged: 'accountNumber' in changes || 'bankCode' in changes,
  };
  if (Object.keys(changes).length === 0 && imageSizes.length === 0) {
    if (current) await revisions.closeRevision(tx, current.id, { status: 'withdrawn' });
    return { removed, pending: false };
  }
  if (current) await revisions.replaceRevision(tx, current.id, values);
  else await revisions.insertRevision(tx, campaign.id, userId, values);
  return { removed, pending: true };
}

const asText = (column: string, value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (column === 'amountNeeded' && typeof value === 'number') return formatNaira(value);
  if (column === 'diagnosisHidden') return value === true ? 'Hidden' : 'Shown';
  return String(value);
};

/** The API field names the organiser's edit form uses, for each revised column. */
const API_FIELD: Record<string, string> = {
  beneficiaryFirstName: 'firstName',
  beneficiaryLastName: 'lastName',
  bankName: 'bank',
};

/** The revision as the API shows it: the diff (field, before, after) and the proposed values. */
export async function presentRevision(
  db: Executor,
  row: revisions.RevisionRow,
  campaign: CampaignRow,
  organiser: { id: string; firstName: string; lastName: string },
): Promise<TCampaignRevision> {
  const { changes, previous } = row;
  const names = await revisions.facilityNames(db, [changes.facilityId, previous.facilityId]);
  const hospital = (values: Record<string, unknown>) =>
    typeof values.facilityId === 'string'
      ? (names.get(values.facilityId) ?? null)
      : ((values.facilityName as string | null) ?? null);
  const diff: TCampaignRevision['changes'] = [];
  for (const [field, label] of Object.entries(revisionFieldLabels)) {
    if (field === 'facilityName') {
      if ('facilityId' in changes || 'facilityName' in changes) {
        diff.push({ field, label, before: hospital(previous), after: hospital(changes) });
      }
      continue;
    }
    if (!(field in changes)) continue;
    diff.push({
      field,
      label,
      before: asText(field, previous[field]),
      after: asText(field, changes[field]),
    });
  }
  const proposed: TCampaignRevision['proposed'] = {};
  for (const [column, value] of Object.entries(changes)) {
    if (column === 'bankLookupProvider') continue;
    const out = typeof value === 'string' || typeof value === 'number' ? value : null;
    proposed[API_FIELD[column] ?? column] = out;
  }
  return {
    _id: row.id,
    campaignId: row.campaignId,
    campaignTitle: campaign.title,
    organiser: { _id: organiser.id, firstName: organiser.firstName, lastName: organiser.lastName },
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    changes: diff,
    proposed,
    cover:
      row.imageSizes.length > 0
        ? {
            before: presentImageSizes(campaign.imageSizes),
            after: presentImageSizes(row.imageSizes),
          }
        : null,
    bankChanged: row.bankChanged,
  };
}

const campaignNotFound = () => AppError.notFound('Campaign');

/** Refuses (409) a campaign this organiser already submitted: the same key, or the same text. */
export async function assertNotSubmitted(
  db: Executor,
  userId: string,
  twin: Parameters<typeof revisions.findSubmittedTwin>[2],
): Promise<void> {
  if (await revisions.findSubmittedTwin(db, userId, twin)) throw alreadySubmitted();
}

export const alreadySubmitted = () => new AppError('CONFLICT', revisionTexts.alreadySubmitted);
const noPending = () => new AppError('CONFLICT', revisionTexts.noPending);

/** The campaign for its organiser (or, with `admin`, an admin): 404 unknown, 403 someone else's. */
async function ownCampaign(
  db: Executor,
  viewer: UserRow,
  id: string,
  options: { lock?: boolean; admin?: boolean } = {},
): Promise<repository.CampaignWithOrganiser> {
  const row = await repository.findCampaign(db, id, { lock: options.lock ?? false });
  const isAdmin = options.admin === true && viewer.role === 'admin';
  if (!row || (row.campaign.status !== 'active' && row.campaign.userId !== viewer.id && !isAdmin)) {
    throw campaignNotFound();
  }
  if (row.campaign.userId !== viewer.id && !isAdmin) {
    throw new AppError('FORBIDDEN', 'You can only see the changes of your own campaign.');
  }
  return row;
}

/** GET /crowdfunding/{id}/pending-change: the organiser's (or an admin's) view; null if none. */
export async function getPendingChange(
  db: Database,
  viewer: UserRow,
  id: string,
): Promise<TCampaignRevision | null> {
  const row = await ownCampaign(db, viewer, id, { admin: true });
  const pending = await revisions.findPendingRevision(db, id);
  return pending ? presentRevision(db, pending, row.campaign, row.organiser) : null;
}

/** DELETE /crowdfunding/{id}/pending-change: the organiser takes the change back. */
export async function withdrawChange(deps: CampaignsDeps, viewer: UserRow, id: string) {
  const removed = await deps.db.transaction(async (tx) => {
    await ownCampaign(tx, viewer, id, { lock: true });
    const pending = await revisions.findPendingRevision(tx, id, { lock: true });
    if (!pending) throw noPending();
    await revisions.closeRevision(tx, pending.id, { status: 'withdrawn' });
    return pending.imageSizes;
  });
  await removeImageSizes(deps.storage, removed);
}

/** GET /admin/crowdfunding-changes: the queue, oldest first. */
export async function listChanges(db: Database, query: { page: number; limit: number }) {
  const { rows, total } = await revisions.listPendingRevisions(db, query);
  const results = await Promise.all(
    rows.map(async (row) => {
      const found = await repository.findCampaign(db, row.campaignId);
      return found ? presentRevision(db, row, found.campaign, found.organiser) : undefined;
    }),
  );
  return {
    results: results.filter((item): item is TCampaignRevision => item !== undefined),
    meta: { page: query.page, limit: query.limit, total },
  };
}

/** The locked live campaign and its pending change, as the admin reviewed it. */
async function pendingForDecision(
  tx: Executor,
  admin: UserRow,
  id: string,
  expectedSubmittedAt: string | undefined,
) {
  const current = await repository.findCampaign(tx, id, { lock: true });
  if (!current) throw campaignNotFound();
  if (current.campaign.userId === admin.id) {
    throw new AppError('FORBIDDEN', 'Another admin must review the changes to your own campaign.');
  }
  const pending = await revisions.findPendingRevision(tx, id, { lock: true });
  if (!pending) throw noPending();
  if (
    expectedSubmittedAt !== undefined &&
    Date.parse(expectedSubmittedAt) !== pending.submittedAt.getTime()
  ) {
    throw new AppError('CONFLICT', revisionTexts.stale);
  }
  return { current, pending };
}

/**
 * Approves the pending change: its values are copied onto the campaign and the new cover takes
 * the old one's place in one transaction (the old files are deleted after it commits). A new
 * bank account needs the verification checklist, recorded with the new account's name, so the
 * account is verified again; payouts resume with the approval.
 */
export async function approveChange(
  deps: CampaignsDeps,
  admin: UserRow,
  id: string,
  input: TRevisionApproveRequest,
): Promise<TCampaignRevision> {
  const { result, replaced } = await deps.db.transaction(async (tx) => {
    const { current, pending } = await pendingForDecision(tx, admin, id, input.expectedSubmittedAt);
    if (current.campaign.status !== 'active') {
      throw new AppError('CONFLICT', 'Only the changes of a live campaign can be approved.');
    }
    if (pending.bankChanged && !input.checklist) {
      throw new AppError('VALIDATION', checklistRequiredText, {
        errors: { checklist: checklistRequiredText },
      });
    }
    const cover = pending.imageSizes.length > 0;
    const updated = await repository.updateCampaign(tx, id, {
      ...(pending.changes as Partial<repository.CampaignInsert>),
      ...(cover
        ? { image: pending.imageSizes.at(-1)?.key ?? null, imageSizes: pending.imageSizes }
        : {}),
    });
    if (!updated) throw campaignNotFound();
    if (pending.bankChanged && input.checklist) {
      const checked = await recordApprovalCheck(tx, updated, admin, input.checklist);
      await repository.updateCampaign(tx, id, checked);
    }
    const closed = await revisions.closeRevision(tx, pending.id, {
      status: 'approved',
      reviewedBy: admin.id,
    });
    await deps.mail.enqueue(tx, {
      to: current.organiser.email,
      ...revisionReviewEmail({
        outcome: 'approved',
        firstName: current.organiser.firstName,
        campaignTitle: updated.title,
        link: `${deps.publicUrl}/campaigns/${id}`,
      }),
    });
    return {
      result: await presentRevision(tx, closed, current.campaign, current.organiser),
      replaced: cover ? current.campaign.imageSizes : [],
    };
  });
  deps.mail.kick();
  await removeImageSizes(deps.storage, replaced);
  liveSetChanged(deps.db);
  return result;
}

/** Rejects the pending change with a reason: the campaign stays as approved; the organiser is told. */
export async function rejectChange(
  deps: CampaignsDeps,
  admin: UserRow,
  id: string,
  input: TRevisionRejectRequest,
): Promise<TCampaignRevision> {
  const { result, removed } = await deps.db.transaction(async (tx) => {
    const { current, pending } = await pendingForDecision(tx, admin, id, input.expectedSubmittedAt);
    const closed = await revisions.closeRevision(tx, pending.id, {
      status: 'rejected',
      reviewedBy: admin.id,
      rejectionReason: input.reason,
    });
    await deps.mail.enqueue(tx, {
      to: current.organiser.email,
      ...revisionReviewEmail({
        outcome: 'rejected',
        firstName: current.organiser.firstName,
        campaignTitle: current.campaign.title,
        link: `${deps.publicUrl}/campaigns/${id}/edit`,
        reason: input.reason,
      }),
    });
    return {
      result: await presentRevision(tx, closed, current.campaign, current.organiser),
      removed: pending.imageSizes,
    };
  });
  deps.mail.kick();
  await removeImageSizes(deps.storage, removed);
  return result;
}

/** The campaign this member submitted with the wizard's draft key, if any. */
export function submittedCampaignOf(db: Database, userId: string, key: string) {
  return revisions.findBySubmissionKey(db, userId, key);
}
