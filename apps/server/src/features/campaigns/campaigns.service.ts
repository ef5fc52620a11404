import { campaignLimits, type TBankAccount, type TCampaign } from '@ipatient/contracts';
import { campaignReadableBy } from '@ipatient/contracts/campaign-rules';
import {
  type CampaignStatus,
  campaignEvidenceProblems,
  type TCampaignListQuery,
  type TCampaignUpdateRequest,
  ZCampaignCreateRequest,
  ZCampaignUpdateRequest,
} from '@ipatient/contracts/campaigns';
import type { Database, StoredImageSize } from '@ipatient/db';
import { assertImageWithinLimits, detectImageType } from '../../lib/images.ts';
import type { UserRow } from '../../lib/present-user.ts';
import type { OutboxMailer, Viewer } from '../../lib/service-deps.ts';
import {
  imageUploadsPerUser,
  removeImageSizes,
  storeImageSizes,
  withStoredImage,
} from '../../lib/stored-images.ts';
import { type BankLookup, bankLookupsPerUser } from '../../plugins/bank-lookup/bank-lookup.ts';
import { AppError, parseOrThrow } from '../../plugins/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import {
  assertWithinLimit,
  claimWithinLimit,
  type Limit,
  recordEvent,
} from '../../plugins/rate-limits.ts';
import type { Storage } from '../../plugins/storage/storage.ts';
import { assertDocumentsAttachable, attachToCampaign } from './campaign-documents.service.ts';
import { assertFacilityListed } from './campaign-review.service.ts';
import {
  campaignEvidence,
  presentCampaign,
  presentMany,
  presentOne,
} from './campaigns.presenter.ts';
import * as repository from './campaigns.repository.ts';
import { liveSetChanged, liveTotal } from './live-total.ts';

export interface CampaignsDeps {
  db: Database;
  storage: Storage;
  bankLookup: BankLookup;
  mail: OutboxMailer;
  publicUrl: string;
  /** Signs the short-lived links to evidence documents. */
  documentLinkKey: Buffer;
}

/** Card (400), 2x card and detail on a phone (800), detail on a large screen (1200). */
export const CAMPAIGN_IMAGE_WIDTHS = [400, 800, 1200] as const;

const submissionLimit: Limit = {
  bucket: 'campaign-submit',
  max: campaignLimits.submissionsPerDay,
  windowSeconds: 24 * 60 * 60,
  message: 'You have submitted several campaigns today. Please try again in {wait}.',
};

const isAdmin = (viewer: Viewer) => viewer?.role === 'admin';

const campaignNotFound = () => AppError.notFound('Campaign');

export async function listCampaigns(
  db: Database,
  viewer: Viewer,
  query: TCampaignListQuery,
): Promise<{
  results: TCampaign[];
  meta: { page: number; limit: number; total: number; totalIsCapped?: boolean };
}> {
  const { rows, total, totalIsCapped } = await repository.listLiveCampaigns(db, {
    ...query,
    viewerId: viewer?.id,
    knownTotal: query.search ? undefined : await liveTotal(db),
  });
  // The facility comes along (one query by primary key); the verification is on the detail.
  const extras = await campaignEvidence(
    db,
    rows.map((row) => row.campaign),
    { verification: false },
  );
  return {
    results: rows.map((row) =>
      presentCampaign(row, viewer, { ...row, ...extras.get(row.campaign.id) }),
    ),
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      ...(totalIsCapped ? { totalIsCapped } : {}),
    },
  };
}

export async function getCampaign(db: Database, viewer: Viewer, id: string): Promise<TCampaign> {
  const row = await repository.findCampaignForViewer(db, id, viewer?.id);
  if (!row || !campaignReadableBy(row.campaign, viewer)) throw campaignNotFound();
  const extras = await campaignEvidence(db, [row.campaign], { verification: true });
  return presentCampaign(row, viewer, { ...row, ...extras.get(row.campaign.id) });
}

/** The user's current campaign: the newest open one (in review or live), else the newest. */
export async function getUsersCampaign(
  db: Database,
  viewer: UserRow,
  userId: string,
): Promise<TCampaign | null> {
  if (viewer.id !== userId && !isAdmin(viewer)) {
    throw new AppError('FORBIDDEN', 'You can only view your own campaign.');
  }
  const rows = await repository.listOwnCampaigns(db, userId);
  const open = rows.find((row) => ['awaiting_review', 'active'].includes(row.campaign.status));
  const row = open ?? rows[0];
  return row ? presentOne(db, row, viewer) : null;
}

export async function listOwnCampaigns(db: Database, viewer: UserRow): Promise<TCampaign[]> {
  return presentMany(db, await repository.listOwnCampaigns(db, viewer.id), viewer);
}

const coverLimits = { maxPixels: campaignLimits.coverMaxPixels, field: 'image' };

/**
 * PNG or JPEG by its bytes, of at most `coverMaxPixels` by its header; checked before anything
 * costs a bank lookup, a counted upload or a decode.
 */
async function assertCover(file: UploadedFile | undefined): Promise<void> {
  if (!file) return;
  const type = detectImageType(file.buffer);
  if (type !== 'image/png' && type !== 'image/jpeg') {
    const text = 'The cover photo must be a PNG or JPEG image.';
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', text, { errors: { image: text } });
  }
  await assertImageWithinLimits(file.buffer, coverLimits);
}

/**
 * Counts a cover upload against the user's hourly limit, or refuses it (429). Checked and
 * recorded under a per-user lock, so uploads sent at once cannot all slip under the limit.
 */
async function claimImageUpload(db: Database, userId: string): Promise<void> {
  await claimWithinLimit(db, imageUploadsPerUser, userId);
}

/** The cover's WebP sizes under new keys, counted as one of the user's uploads. */
function coverStore(deps: CampaignsDeps, userId: string, file: UploadedFile | undefined) {
  if (!file) return undefined;
  return async () => {
    await claimImageUpload(deps.db, userId);
    return storeImageSizes(
      deps.storage,
      file.buffer,
      'campaigns',
      CAMPAIGN_IMAGE_WIDTHS,
      coverLimits,
    );
  };
}

export async function createCampaign(
  deps: CampaignsDeps,
  viewer: UserRow,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<TCampaign> {
  const input = parseOrThrow(ZCampaignCreateRequest, fields);
  const documentIds = input.documentIds ?? [];
  const problems = campaignEvidenceProblems(input);
  const [first] = Object.values(problems);
  if (first) throw new AppError('VALIDATION', first, { errors: problems });
  if (!image) {
    const text = 'Add a cover photo for your campaign';
    throw new AppError('VALIDATION', text, { errors: { image: text } });
  }
  await assertCover(image);
  await assertFacilityListed(deps.db, input.facilityId);
  await assertDocumentsAttachable(deps.db, viewer.id, documentIds);
  await assertWithinLimit(deps.db, submissionLimit, viewer.id);
  await assertWithinLimit(deps.db, imageUploadsPerUser, viewer.id);
  const account = await deps.bankLookup.resolve(input.bankCode, input.accountNumber);
  const row = await withStoredImage(deps.storage, coverStore(deps, viewer.id, image), (sizes) =>
    deps.db.transaction(async (tx) => {
      // Counted again under a per-organiser lock: two submissions at once cannot both pass.
      await repository.lockOrganiser(tx, viewer.id);
      await assertWithinLimit(tx, submissionLimit, viewer.id);
      const campaign = await repository.insertCampaign(tx, {
        userId: viewer.id,
        title: input.title,
        description: input.description,
        fundraisingFor: input.fundraisingFor,
        category: input.category,
        duration: input.duration,
        amountNeeded: input.amountNeeded,
        state: input.state,
        lga: input.lga,
        address: input.address,
        bankCode: input.bankCode,
        bankName: account.bank,
        accountNumber: input.accountNumber,
        accountName: account.accountName,
        bankLookupProvider: account.provider,
        beneficiaryType: input.beneficiaryType ?? null,
        beneficiaryFirstName: input.firstName ?? null,
        beneficiaryLastName: input.lastName ?? null,
        image: sizes?.at(-1)?.key ?? null,
        imageSizes: sizes ?? [],
        facilityId: input.facilityId ?? null,
        facilityName: input.facilityId ? null : (input.facilityName ?? null),
      });
      // Checked again under the documents' row locks, attached with the campaign or not at all.
      await attachToCampaign(tx, viewer.id, campaign.id, documentIds, {
        requireBillAndReport: true,
      });
      await recordEvent(tx, submissionLimit.bucket, viewer.id);
      return campaign;
    }),
  );
  return presentOne(deps.db, { campaign: row, organiser: viewer }, viewer);
}

/** Changes to these need a reviewer's eyes again before the campaign is shown as live. */
const REVIEWED_FIELDS = [
  'title',
  'description',
  'fundraisingFor',
  'amountNeeded',
  'accountNumber',
  'bankCode',
  'firstName',
  'lastName',
  'beneficiaryType',
  'facilityId',
  'facilityName',
] as const satisfies readonly (keyof TCampaignUpdateRequest)[];

const COLUMN_OF = {
  title: 'title',
  description: 'description',
  fundraisingFor: 'fundraisingFor',
  amountNeeded: 'amountNeeded',
  accountNumber: 'accountNumber',
  bankCode: 'bankCode',
  firstName: 'beneficiaryFirstName',
  lastName: 'beneficiaryLastName',
  beneficiaryType: 'beneficiaryType',
  facilityId: 'facilityId',
  facilityName: 'facilityName',
} as const;

const completedUnchangeable = () =>
  new AppError('CONFLICT', 'A completed campaign can no longer be changed.');

export async function updateCampaign(
  deps: CampaignsDeps,
  viewer: UserRow,
  id: string,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<{ campaign: TCampaign; backToReview: boolean }> {
  const input = parseOrThrow(ZCampaignUpdateRequest, fields);
  if (!image && Object.values(input).every((value) => value === undefined)) {
    throw new AppError('VALIDATION', 'Change at least one field of the campaign.');
  }
  await assertCover(image);
  const existing = await repository.findCampaign(deps.db, id);
  assertOwner(existing, viewer, 'change');
  if (existing.campaign.status === 'completed') throw completedUnchangeable();
  await assertFacilityListed(deps.db, input.facilityId);
  if (image) await assertWithinLimit(deps.db, imageUploadsPerUser, viewer.id);
  const bankChanged =
    input.bankCode !== undefined &&
    (input.bankCode !== existing.campaign.bankCode ||
      input.accountNumber !== existing.campaign.accountNumber);
  let account: TBankAccount | undefined;
  if (bankChanged && input.bankCode && input.accountNumber) {
    // The answer shows the account name: counted with the wizard's checks, or edits would be
    // an unlimited name lookup.
    await assertWithinLimit(deps.db, bankLookupsPerUser, viewer.id);
    await recordEvent(deps.db, bankLookupsPerUser.bucket, viewer.id);
    account = await deps.bankLookup.resolve(input.bankCode, input.accountNumber);
  }

  let replaced: StoredImageSize[] = [];
  let backToReview = false;
  const row = await withStoredImage(deps.storage, coverStore(deps, viewer.id, image), (sizes) =>
    deps.db.transaction(async (tx) => {
      const current = await repository.findCampaign(tx, id, { lock: true });
      assertOwner(current, viewer, 'change');
      const before = current.campaign;
      if (before.status === 'completed') throw completedUnchangeable();
      const reviewedChange =
        sizes !== undefined ||
        REVIEWED_FIELDS.some((field) => {
          const value = input[field];
          return value !== undefined && value !== before[COLUMN_OF[field]];
        });
      const status: CampaignStatus =
        before.status === 'rejected' || (before.status === 'active' && reviewedChange)
          ? 'awaiting_review'
          : before.status;
      backToReview = status === 'awaiting_review' && before.status !== 'awaiting_review';
      const updated = await repository.updateCampaign(tx, id, {
        title: input.title,
        description: input.description,
        fundraisingFor: input.fundraisingFor,
        category: input.category,
        duration: input.duration,
        amountNeeded: input.amountNeeded,
        state: input.state,
        lga: input.lga,
        address: input.address,
        beneficiaryType: input.beneficiaryType,
        beneficiaryFirstName: input.firstName,
        beneficiaryLastName: input.lastName,
        ...(account
          ? {
              bankCode: account.bankCode,
              bankName: account.bank,
              accountNumber: account.accountNumber,
              accountName: account.accountName,
              bankLookupProvider: account.provider,
              // A new account's name has not been checked by anyone yet.
              accountVerifiedAt: null,
            }
          : {}),
        ...(input.facilityId ? { facilityId: input.facilityId, facilityName: null } : {}),
        ...(input.facilityName ? { facilityName: input.facilityName, facilityId: null } : {}),
        ...(sizes ? { image: sizes.at(-1)?.key ?? null, imageSizes: sizes } : {}),
        ...(backToReview
          ? {
              status,
              approvedAt: null,
              rejectionReason: null,
              submittedAt: new Date(),
            }
          : {}),
      });
      if (!updated) throw campaignNotFound();
      if (input.documentIds?.length) {
        await attachToCampaign(tx, viewer.id, id, input.documentIds, {
          requireBillAndReport: false,
        });
      }
      if (sizes) replaced = before.imageSizes;
      return { campaign: updated, organiser: current.organiser };
    }),
  );
  await removeImageSizes(deps.storage, replaced);
  if (backToReview) liveSetChanged(deps.db);
  return { campaign: await presentOne(deps.db, row, viewer), backToReview };
}

function assertOwner(
  row: repository.CampaignWithOrganiser | undefined,
  viewer: UserRow,
  action: string,
): asserts row is repository.CampaignWithOrganiser {
  if (!row || !campaignReadableBy(row.campaign, viewer)) throw campaignNotFound();
  if (row.campaign.userId !== viewer.id) {
    throw new AppError('FORBIDDEN', `You can only ${action} your own campaign.`);
  }
}

/** Hides the campaign everywhere; its likes stop counting because it is no longer live. */
export async function deleteCampaign(db: Database, viewer: UserRow, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repository.findCampaign(tx, id, { lock: true });
    assertOwner(row, viewer, 'delete');
    await repository.updateCampaign(tx, id, { deletedAt: new Date() });
  });
  liveSetChanged(db);
}

export async function likeCampaign(
  db: Database,
  viewer: UserRow,
  id: string,
): Promise<{ campaign: TCampaign; added: boolean }> {
  const { added, row } = await db.transaction(async (tx) => {
    const row = await repository.findCampaign(tx, id);
    if (!row || !campaignReadableBy(row.campaign, viewer)) throw campaignNotFound();
    if (row.campaign.userId === viewer.id) {
      throw new AppError('FORBIDDEN', "You can't give a Green-Heart to your own campaign.");
    }
    if (row.campaign.status !== 'active') {
      throw new AppError('CONFLICT', 'Only live campaigns can be liked.');
    }
    return { added: await repository.addLike(tx, id, viewer.id), row };
  });
  const fresh = (await repository.findCampaign(db, id)) ?? row;
  return { campaign: await presentOne(db, fresh, viewer), added };
}
