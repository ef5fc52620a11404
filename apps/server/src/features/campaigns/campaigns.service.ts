import {
  campaignLimits,
  type TBankAccount,
  type TCampaign,
  type TOwnCampaign,
} from '@ipatient/contracts';
import { revisionTexts } from '@ipatient/contracts/campaign-revisions';
import { campaignReadableBy } from '@ipatient/contracts/campaign-rules';
import {
  type CampaignStatus,
  campaignEvidenceProblems,
  type TCampaignListQuery,
  ZCampaignCreateRequest,
  ZCampaignUpdateRequest,
} from '@ipatient/contracts/campaigns';
import { type Database, isViolation, type StoredImageSize } from '@ipatient/db';
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
import { sharedRead } from '../../plugins/public-cache.ts';
import {
  assertWithinLimit,
  claimWithinLimit,
  type Limit,
  recordEvent,
} from '../../plugins/rate-limits.ts';
import type { Storage } from '../../plugins/storage/storage.ts';
import { assertDocumentsAttachable, attachToCampaign } from './campaign-documents.service.ts';
import {
  consentOnCreate,
  consentOnUpdate,
  diagnosisOnCreate,
  diagnosisOnUpdate,
} from './campaign-health-details.ts';
import { assertFacilityListed } from './campaign-review.service.ts';
import {
  alreadySubmitted,
  assertNotSubmitted,
  proposeRevision,
} from './campaign-revisions.service.ts';
import {
  campaignEvidence,
  facilityOf,
  presentCampaign,
  presentOne,
  presentOwnCampaign,
  presentWithExtras,
  publicVerification,
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

type CampaignPage = {
  results: TCampaign[];
  meta: { page: number; limit: number; total: number; totalIsCapped?: boolean };
};

/**
 * A page of listed campaigns. Every viewer but an admin shares one reading of the page per
 * query (`sharedRead`: the answer a visitor gets, kept as briefly as the public answers); a
 * member's own Green-Hearts are added with one small query. A page holding the member's own
 * campaign is read for them alone, since an owner sees more of it.
 */
export async function listCampaigns(
  db: Database,
  viewer: Viewer,
  query: TCampaignListQuery,
): Promise<CampaignPage> {
  if (viewer?.role === 'admin') return readCampaignPage(db, viewer, query);
  const key = `campaigns:list:${JSON.stringify(Object.entries(query).sort())}`;
  const shared = await sharedRead(db, key, () => readCampaignPage(db, undefined, query));
  if (!viewer) return shared;
  if (shared.results.some((campaign) => campaign.user._id === viewer.id)) {
    return readCampaignPage(db, viewer, query);
  }
  const liked = await repository.likedBy(
    db,
    viewer.id,
    shared.results.map((campaign) => campaign._id),
  );
  // Nothing of theirs on this page: the shared read as it is (sent as made once, see the route).
  if (liked.size === 0) return shared;
  return {
    ...shared,
    results: shared.results.map((campaign) =>
      withLike(campaign, viewer.id, liked.has(campaign._id)),
    ),
  };
}

/** A visitor's view of a campaign as a member sees it: with whether they gave it a Green-Heart. */
function withLike(campaign: TCampaign, viewerId: string, liked: boolean): TCampaign {
  return { ...campaign, likedByMe: liked, likes: liked ? [{ user: { _id: viewerId } }] : [] };
}

async function readCampaignPage(
  db: Database,
  viewer: Viewer,
  query: TCampaignListQuery,
): Promise<CampaignPage> {
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

/**
 * One campaign. A member who neither owns it nor administers shares the visitors' reading of a
 * live campaign, with their own Green-Heart added; anyone else (or a campaign visitors may not
 * see) is read for them alone.
 */
export async function getCampaign(db: Database, viewer: Viewer, id: string): Promise<TCampaign> {
  if (viewer?.role === 'admin') return readCampaign(db, viewer, id);
  const shared = await sharedRead(db, `campaigns:get:${id}`, () =>
    readCampaign(db, undefined, id),
  ).catch((error: unknown) => {
    if (viewer && error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  });
  if (!viewer) return shared as TCampaign;
  if (!shared || shared.user._id === viewer.id) return readCampaign(db, viewer, id);
  const liked = await repository.likedBy(db, viewer.id, [id]);
  return liked.has(id) ? withLike(shared, viewer.id, true) : shared;
}

/** One campaign for this viewer, read with all it is presented with in one statement. */
async function readCampaign(db: Database, viewer: Viewer, id: string): Promise<TCampaign> {
  const found = await repository.findCampaignWithExtras(db, id, viewer?.id);
  if (!found || !campaignReadableBy(found.campaign, viewer)) throw campaignNotFound();
  return presentFound(found, viewer);
}

/** A campaign read with its extras, as this viewer is shown it. */
function presentFound(
  found: repository.CampaignWithOrganiser & { extras: repository.CampaignExtras },
  viewer: Viewer,
): TCampaign {
  const { campaign, extras } = found;
  const names = new Map(
    campaign.facilityId && extras.facilityName ? [[campaign.facilityId, extras.facilityName]] : [],
  );
  return presentCampaign(found, viewer, {
    likedByMe: extras.liked,
    weeklyWins: extras.weeklyWins,
    supporters: extras.supporters,
    facility: facilityOf(campaign, names),
    verification: publicVerification(extras.verification ?? undefined),
  });
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
  const own = await repository.listOwnCampaignSummaries(db, userId);
  const current = own.find((row) => ['awaiting_review', 'active'].includes(row.status)) ?? own[0];
  const found = current && (await repository.findCampaignWithExtras(db, current.id, viewer.id));
  if (!found) return null;
  const { extras, ...row } = found;
  const [campaign] = presentWithExtras([row], new Map([[row.campaign.id, extras]]), viewer);
  return campaign ?? null;
}

/** The organiser's own campaigns, newest first, as their account's Campaign tab shows them. */
export async function listOwnCampaigns(db: Database, viewer: UserRow): Promise<TOwnCampaign[]> {
  const own = await repository.listOwnCampaignSummaries(db, viewer.id);
  return own.map((campaign) => presentOwnCampaign(campaign, viewer));
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
 * The cover's WebP sizes under new keys, counted as one of the user's uploads: checked and
 * recorded under a per-user lock, so uploads sent at once cannot all slip under the limit.
 */
function coverStore(deps: CampaignsDeps, userId: string, file: UploadedFile | undefined) {
  if (!file) return undefined;
  return async () => {
    await claimWithinLimit(deps.db, imageUploadsPerUser, userId);
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
  const consent = consentOnCreate(input);
  if (!image) {
    const text = 'Add a cover photo for your campaign';
    throw new AppError('VALIDATION', text, { errors: { image: text } });
  }
  await assertCover(image);
  const { submissionKey, title, description, amountNeeded, bankCode, accountNumber } = input;
  const twin = { submissionKey, title, description, amountNeeded, bankCode, accountNumber };
  // Before anything is stored or looked up: a second submission of one campaign is refused.
  await assertNotSubmitted(deps.db, viewer.id, twin);
  await assertFacilityListed(deps.db, input.facilityId);
  await assertDocumentsAttachable(deps.db, viewer.id, documentIds);
  await assertWithinLimit(deps.db, submissionLimit, viewer.id);
  await assertWithinLimit(deps.db, imageUploadsPerUser, viewer.id);
  const account = await deps.bankLookup.resolve(input.bankCode, input.accountNumber);
  const row = await withStoredImage(deps.storage, coverStore(deps, viewer.id, image), (sizes) =>
    deps.db.transaction(async (tx) => {
      // Counted again under a per-organiser lock: two submissions at once cannot both pass.
      await repository.lockOrganiser(tx, viewer.id);
      await assertNotSubmitted(tx, viewer.id, twin);
      await assertWithinLimit(tx, submissionLimit, viewer.id);
      const campaign = await repository
        .insertCampaign(tx, {
          userId: viewer.id,
          submissionKey: input.submissionKey ?? null,
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
          ...diagnosisOnCreate(input),
          ...consent,
        })
        .catch((error: unknown) => {
          // The key's unique index: whichever submission commits second is the duplicate.
          if (isViolation(error, '23505', 'campaigns_submission_key_unique')) {
            throw alreadySubmitted();
          }
          throw error;
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

const completedUnchangeable = () =>
  new AppError('CONFLICT', 'A completed campaign can no longer be changed.');

/** What an edit did: changed the campaign, sent it back to review, or left a change pending. */
export type UpdateOutcome = 'updated' | 'backToReview' | 'pendingReview';

/**
 * The organiser's edit. A live campaign stays live: a change of what reviewers check (story,
 * title, goal, duration, beneficiary, hospital, bank account, cover) waits as its pending
 * revision (campaign-revisions.service.ts) while category and place change at once. A campaign
 * awaiting review changes directly; a rejected one goes back to review on any change.
 */
export async function updateCampaign(
  deps: CampaignsDeps,
  viewer: UserRow,
  id: string,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<{ campaign: TCampaign; outcome: UpdateOutcome }> {
  const input = parseOrThrow(ZCampaignUpdateRequest, fields);
  if (!image && Object.values(input).every((value) => value === undefined)) {
    throw new AppError('VALIDATION', 'Change at least one field of the campaign.');
  }
  await assertCover(image);
  const existing = await repository.findCampaign(deps.db, id);
  assertOwner(existing, viewer, 'change');
  if (existing.campaign.status === 'completed') throw completedUnchangeable();
  const consent = consentOnUpdate(input, existing.campaign);
  const diagnosis = diagnosisOnUpdate(input);
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
  let outcome = 'updated' as UpdateOutcome;
  const row = await withStoredImage(deps.storage, coverStore(deps, viewer.id, image), (sizes) =>
    deps.db.transaction(async (tx) => {
      const current = await repository.findCampaign(tx, id, { lock: true });
      assertOwner(current, viewer, 'change');
      const before = current.campaign;
      if (before.status === 'completed') throw completedUnchangeable();
      const reviewed = {
        title: input.title,
        description: input.description,
        fundraisingFor: input.fundraisingFor,
        duration: input.duration,
        amountNeeded: input.amountNeeded,
        beneficiaryType: input.beneficiaryType,
        beneficiaryFirstName: input.firstName,
        beneficiaryLastName: input.lastName,
        ...diagnosis.reviewed,
        ...(account
          ? {
              bankCode: account.bankCode,
              bankName: account.bank,
              accountNumber: account.accountNumber,
              accountName: account.accountName,
              bankLookupProvider: account.provider,
            }
          : input.bankCode !== undefined
            ? { bankCode: before.bankCode, accountNumber: before.accountNumber }
            : {}),
        ...(input.facilityId ? { facilityId: input.facilityId, facilityName: null } : {}),
        ...(input.facilityName ? { facilityName: input.facilityName, facilityId: null } : {}),
      };
      const { category, state, lga, address } = input;
      // The consent is the organiser's statement, recorded as they make it; hiding the
      // diagnosis protects the patient, so neither waits for a review.
      const atOnce = { category, state, lga, address, ...consent, ...diagnosis.atOnce };
      let updated: repository.CampaignRow | undefined;
      if (before.status === 'active') {
        // Live: the approved version stays public; what reviewers check waits for them.
        updated = Object.values(atOnce).some((value) => value !== undefined)
          ? await repository.updateCampaign(tx, id, atOnce)
          : before;
        const proposal = await proposeRevision(tx, updated ?? before, viewer.id, reviewed, sizes);
        replaced = proposal.removed;
        if (proposal.pending) outcome = 'pendingReview';
      } else {
        const backToReview = before.status === 'rejected';
        if (backToReview) outcome = 'backToReview';
        updated = await repository.updateCampaign(tx, id, {
          ...atOnce,
          ...reviewed,
          // A new account's name has not been checked by anyone yet.
          ...(account ? { accountVerifiedAt: null } : {}),
          ...(sizes ? { image: sizes.at(-1)?.key ?? null, imageSizes: sizes } : {}),
          ...(backToReview
            ? {
                status: 'awaiting_review' as CampaignStatus,
                approvedAt: null,
                rejectionReason: null,
                submittedAt: new Date(),
              }
            : {}),
        });
        if (sizes) replaced = before.imageSizes;
      }
      if (!updated) throw campaignNotFound();
      if (input.documentIds?.length) {
        await attachToCampaign(tx, viewer.id, id, input.documentIds, {
          requireBillAndReport: false,
        });
      }
      return { campaign: updated, organiser: current.organiser };
    }),
  );
  await removeImageSizes(deps.storage, replaced);
  if (outcome === 'backToReview') liveSetChanged(deps.db);
  return { campaign: await presentOne(deps.db, row, viewer), outcome };
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

/**
 * Gives the viewer's Green-Heart: one statement stores and counts it (or finds why not), then
 * the campaign is read as its page shows it to the viewer.
 */
export async function likeCampaign(
  db: Database,
  viewer: UserRow,
  id: string,
): Promise<{ campaign: TCampaign; added: boolean }> {
  // The like and the campaign as it then is, in one round trip.
  const found = await repository.likeAndRead(db, id, viewer.id);
  if (!found || !campaignReadableBy(found.campaign, viewer)) throw campaignNotFound();
  if (found.campaign.userId === viewer.id) {
    throw new AppError('FORBIDDEN', "You can't give a Green-Heart to your own campaign.");
  }
  if (found.campaign.status !== 'active') {
    throw new AppError('CONFLICT', 'Only live campaigns can be liked.');
  }
  if (found.ended) throw new AppError('CONFLICT', revisionTexts.ended);
  return { campaign: presentFound(found, viewer), added: found.added };
}

/** Which of these campaigns the member gave a Green-Heart (a member's page made for others). */
export function campaignsLikedBy(
  db: Database,
  userId: string,
  ids: string[],
): Promise<Set<string>> {
  return repository.likedBy(db, userId, ids);
}
