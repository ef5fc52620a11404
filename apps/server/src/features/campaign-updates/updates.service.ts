import { createHmac, timingSafeEqual } from 'node:crypto';
import { campaignLimits } from '@ipatient/contracts';
import { campaignReadableBy } from '@ipatient/contracts/campaign-rules';
import {
  campaignUpdateLimits,
  campaignUpdateTexts,
  type TCampaignTimeline,
  type TCampaignUpdate,
  type TCampaignUpdatesManage,
  type TOrganiserGift,
  type TThankDonorRequest,
  ZCampaignUpdateCreateFields,
} from '@ipatient/contracts/campaign-updates';
import type { Database, Executor } from '@ipatient/db';
import { recordDonorUpdatesStopped } from '../../lib/consents.repository.ts';
import { assertImageWithinLimits, detectImageType } from '../../lib/images.ts';
import type { UserRow } from '../../lib/present-user.ts';
import type { OutboxMailer, Viewer } from '../../lib/service-deps.ts';
import { imageUploadsPerUser, storeImageSizes, withStoredImage } from '../../lib/stored-images.ts';
import { AppError, parseOrThrow } from '../../plugins/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { sharedReadFor } from '../../plugins/public-cache.ts';
import { assertWithinLimit, claimWithinLimit, type Limit } from '../../plugins/rate-limits.ts';
import type { Storage } from '../../plugins/storage/storage.ts';
import { campaignUpdateEmail, thanksEmail } from './updates.emails.ts';
import { presentGift, presentOwnUpdate, presentUpdate, presentWord } from './updates.presenter.ts';
import * as repository from './updates.repository.ts';

export interface UpdatesDeps {
  db: Database;
  storage: Storage;
  mail: OutboxMailer;
  publicUrl: string;
  /** Signs the unsubscribe links of update emails. */
  unsubscribeKey: Buffer;
}

/** The key of unsubscribe links: its own purpose, so its signatures are nothing else's. */
export function unsubscribeKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('campaign-update-unsubscribe').digest();
}

/** Updates one organiser may post an hour, all their campaigns together. */
export const updatePostLimit: Limit = {
  bucket: 'campaign-update-post',
  max: campaignUpdateLimits.postsPerWindow,
  windowSeconds: campaignUpdateLimits.postWindowMinutes * 60,
  message: campaignUpdateTexts.tooMany,
};

/** The widths of an update's photo: as a campaign's cover. */
const UPDATE_IMAGE_WIDTHS = [400, 800, 1200] as const;
const photoLimits = { maxPixels: campaignLimits.coverMaxPixels, field: 'image' };

const campaignNotFound = () => AppError.notFound('Campaign');
const naira = (kobo: number) => kobo / 100;
const campaignUrl = (deps: Pick<UpdatesDeps, 'publicUrl'>, id: string) =>
  `${deps.publicUrl}/campaigns/${id}`;

// --- Unsubscribe tokens -------------------------------------------------------------------

function signature(key: Buffer, campaignId: string, email: string): Buffer {
  return createHmac('sha256', key).update(`${campaignId}\n${email}`).digest();
}

/** `campaign.email.signature` (base64url parts): names one address of one campaign. */
export function unsubscribeToken(key: Buffer, campaignId: string, email: string): string {
  const address = email.toLowerCase();
  return [
    campaignId,
    Buffer.from(address).toString('base64url'),
    signature(key, campaignId, address).toString('base64url'),
  ].join('.');
}

/** The campaign and address of a token this server signed, or undefined. */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { campaignId: string; email: string } | undefined {
  const [campaignId, address, signed, ...rest] = token.split('.');
  if (!campaignId || !address || !signed || rest.length > 0) return undefined;
  if (!/^[0-9a-f-]{36}$/.test(campaignId)) return undefined;
  const email = Buffer.from(address, 'base64url').toString();
  const expected = signature(key, campaignId, email);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { campaignId, email };
}

export const unsubscribeUrl = (deps: UpdatesDeps, campaignId: string, email: string) =>
  `${deps.publicUrl}/updates/unsubscribe?${new URLSearchParams({
    token: unsubscribeToken(deps.unsubscribeKey, campaignId, email),
  })}`;

// --- Reading ------------------------------------------------------------------------------

/** GET /crowdfunding/{id}/updates: what anyone sees (hidden updates and messages left out). */
export async function getTimeline(
  db: Database,
  viewer: Viewer,
  campaignId: string,
): Promise<TCampaignTimeline> {
  // Alike for everyone who may see the campaign: one reading for all of them.
  return sharedReadFor(db, viewer, `updates:timeline:${campaignId}`, (who) =>
    readTimeline(db, who, campaignId),
  );
}

async function readTimeline(
  db: Database,
  viewer: Viewer,
  campaignId: string,
): Promise<TCampaignTimeline> {
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign || !campaignReadableBy(campaign, viewer)) throw campaignNotFound();
  const found = await repository.timeline(db, campaignId, campaignUpdateLimits.timelineMax);
  return {
    updates: found.updates.map(presentUpdate),
    updatesTotal: found.updatesTotal,
    words: found.words.map(presentWord),
    wordsTotal: found.wordsTotal,
  };
}

/** The campaign, when the viewer is its organiser (403 for anyone else who may see it). */
function assertOrganiser(
  campaign: repository.UpdatedCampaign | undefined,
  viewer: UserRow,
  options: { adminMayRead?: boolean } = {},
): asserts campaign is repository.UpdatedCampaign {
  if (!campaign || !campaignReadableBy(campaign, viewer)) throw campaignNotFound();
  if (campaign.userId === viewer.id) return;
  if (options.adminMayRead && viewer.role === 'admin') return;
  throw new AppError('FORBIDDEN', campaignUpdateTexts.notOrganiser);
}

const canPost = (status: string) => status === 'active' || status === 'completed';

/** GET /crowdfunding/{id}/updates/manage: the organiser's page. */
export async function getManage(
  db: Database,
  viewer: UserRow,
  campaignId: string,
): Promise<TCampaignUpdatesManage> {
  const campaign = await repository.findCampaign(db, campaignId);
  assertOrganiser(campaign, viewer, { adminMayRead: true });
  const [updates, gifts] = await Promise.all([
    repository.allUpdates(db, campaignId),
    repository.recentGifts(db, campaignId, campaignUpdateLimits.manageGiftsMax),
  ]);
  return {
    campaign: { _id: campaign.id, title: campaign.title, status: campaign.status },
    canPost: canPost(campaign.status),
    updates: updates.map(presentOwnUpdate),
    gifts: gifts.map(presentGift),
  };
}

// --- Posting ------------------------------------------------------------------------------

async function assertPhoto(file: UploadedFile | undefined): Promise<void> {
  if (!file) return;
  const type = detectImageType(file.buffer);
  if (type !== 'image/png' && type !== 'image/jpeg') {
    const text = 'The photo must be a PNG or JPEG image.';
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', text, { errors: { image: text } });
  }
  await assertImageWithinLimits(file.buffer, photoLimits);
}

/**
 * POST /crowdfunding/{id}/updates: shown at once, and emailed (in the same transaction) to each
 * distinct address that asked for updates with a counted gift and has not unsubscribed.
 */
export async function postUpdate(
  deps: UpdatesDeps,
  viewer: UserRow,
  campaignId: string,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<TCampaignUpdate> {
  const input = parseOrThrow(ZCampaignUpdateCreateFields, fields);
  const campaign = await repository.findCampaign(deps.db, campaignId);
  assertOrganiser(campaign, viewer);
  if (!canPost(campaign.status)) throw new AppError('CONFLICT', campaignUpdateTexts.notLive);
  await assertPhoto(image);
  await assertWithinLimit(deps.db, updatePostLimit, viewer.id);
  if (image) await assertWithinLimit(deps.db, imageUploadsPerUser, viewer.id);
  const store = image
    ? async () => {
        await claimWithinLimit(deps.db, imageUploadsPerUser, viewer.id);
        return storeImageSizes(
          deps.storage,
          image.buffer,
          'updates',
          UPDATE_IMAGE_WIDTHS,
          photoLimits,
        );
      }
    : undefined;
  // Counted under a per-organiser lock, so updates sent at once cannot all slip under it.
  await claimWithinLimit(deps.db, updatePostLimit, viewer.id);
  const row = await withStoredImage(deps.storage, store, (sizes) =>
    deps.db.transaction(async (tx) => {
      const current = await repository.findCampaign(tx, campaignId, { lock: true });
      assertOrganiser(current, viewer);
      if (!canPost(current.status)) throw new AppError('CONFLICT', campaignUpdateTexts.notLive);
      const update = await repository.insertUpdate(tx, {
        campaignId,
        authorId: viewer.id,
        body: input.body,
        image: sizes?.at(-1)?.key ?? null,
        imageSizes: sizes ?? [],
      });
      const organiserName = `${current.organiserFirstName} ${current.organiserLastName}`.trim();
      for (const email of await repository.subscriberEmails(tx, campaignId)) {
        const stop = unsubscribeUrl(deps, campaignId, email);
        await deps.mail.enqueue(tx, {
          to: email,
          ...campaignUpdateEmail({
            campaignTitle: current.title,
            organiserName,
            body: input.body,
            campaignUrl: campaignUrl(deps, campaignId),
            unsubscribeUrl: stop,
          }),
          listUnsubscribe: stop,
        });
      }
      return update;
    }),
  );
  deps.mail.kick();
  return presentUpdate(row);
}

/** GET /updates/unsubscribe: honoured at once for every gift of the address to the campaign. */
/** The campaign and address a signed unsubscribe token names; 400 for any other token. */
async function unsubscribeTarget(deps: UpdatesDeps, token: string) {
  const read = readUnsubscribeToken(deps.unsubscribeKey, token);
  const refused = () =>
    new AppError('VALIDATION', campaignUpdateTexts.badToken, {
      errors: { token: campaignUpdateTexts.badToken },
    });
  if (!read) throw refused();
  const campaign = await repository.findCampaign(deps.db, read.campaignId);
  if (!campaign) throw refused();
  return { ...read, campaignTitle: campaign.title };
}

/** GET /updates/unsubscribe: what the link stops; changes nothing. */
export async function unsubscribeStatus(
  deps: UpdatesDeps,
  token: string,
): Promise<{ campaignTitle: string; subscribed: boolean }> {
  const target = await unsubscribeTarget(deps, token);
  const subscribed = await repository.isSubscribed(deps.db, target.campaignId, target.email);
  return { campaignTitle: target.campaignTitle, subscribed };
}

/** POST /updates/unsubscribe: stops the updates to that address at once. */
export async function unsubscribe(
  deps: UpdatesDeps,
  token: string,
): Promise<{ campaignTitle: string }> {
  const target = await unsubscribeTarget(deps, token);
  await deps.db.transaction(async (tx) => {
    const stopped = await repository.unsubscribe(tx, target.campaignId, target.email);
    // A member's record says when they stopped them (a repeated click changes nothing).
    if (stopped > 0) await recordDonorUpdatesStopped(tx, target.email, target.campaignTitle);
  });
  return { campaignTitle: target.campaignTitle };
}

// --- Thanks and reports -------------------------------------------------------------------

async function giftOfOrganiser(
  tx: Executor,
  viewer: UserRow,
  campaignId: string,
  donationId: string,
) {
  const campaign = await repository.findCampaign(tx, campaignId, { lock: true });
  assertOrganiser(campaign, viewer);
  const gift = await repository.findGift(tx, campaignId, donationId, { lock: true });
  if (!gift) throw AppError.notFound('Gift');
  return { campaign, gift };
}

/** POST …/thanks: emails the donor once per gift; the organiser never learns the address. */
export async function thankDonor(
  deps: UpdatesDeps,
  viewer: UserRow,
  campaignId: string,
  donationId: string,
  input: TThankDonorRequest,
): Promise<TOrganiserGift> {
  const row = await deps.db.transaction(async (tx) => {
    const { campaign, gift } = await giftOfOrganiser(tx, viewer, campaignId, donationId);
    if (gift.thankedAt) throw new AppError('CONFLICT', campaignUpdateTexts.alreadyThanked);
    const thanked = await repository.setGift(tx, gift.id, { thankedAt: new Date() });
    await deps.mail.enqueue(tx, {
      to: gift.donorEmail,
      ...thanksEmail({
        campaignTitle: campaign.title,
        organiserName: `${campaign.organiserFirstName} ${campaign.organiserLastName}`.trim(),
        amount: naira(gift.amountKobo),
        note: input.note,
        campaignUrl: campaignUrl(deps, campaignId),
      }),
    });
    return thanked;
  });
  deps.mail.kick();
  return presentGift(row);
}

/** POST …/report: the organiser asks the admins to look at a word of support. */
export async function reportMessage(
  deps: UpdatesDeps,
  viewer: UserRow,
  campaignId: string,
  donationId: string,
): Promise<{ gift: TOrganiserGift; already: boolean }> {
  return deps.db.transaction(async (tx) => {
    const { gift } = await giftOfOrganiser(tx, viewer, campaignId, donationId);
    if (!gift.message?.trim()) throw new AppError('CONFLICT', campaignUpdateTexts.noMessage);
    if (gift.messageReportedAt) return { gift: presentGift(gift), already: true };
    const reported = await repository.setGift(tx, gift.id, { messageReportedAt: new Date() });
    return { gift: presentGift(reported), already: false };
  });
}
