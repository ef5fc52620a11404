import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { brand } from '@ipatient/contracts/brand';
import {
  dataExportLimits,
  dataExportTexts,
  type TDataExport,
} from '@ipatient/contracts/data-exports';
import type { Database } from '@ipatient/db';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { type AccessEntry, actorRoleOf, recordAccess } from '../../lib/access-log.ts';
import { AppError } from '../../plugins/errors.ts';
import { noticeEmail } from '../../plugins/mail/email-templates.ts';
import type { Mailer } from '../../plugins/mail/mail.plugin.ts';
import { newStorageKey, type Storage } from '../../plugins/storage/storage.ts';
import * as repository from './data-exports.repository.ts';

export interface DataExportsDeps {
  db: Database;
  storage: Storage;
  mail: Mailer;
  publicUrl: string;
  /** The job's clock (tests move it). */
  now: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function present(row: repository.DataExportRow, now: Date): TDataExport {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadable:
      row.status === 'ready' &&
      row.storageKey !== null &&
      row.expiresAt !== null &&
      row.expiresAt > now,
    sizeBytes: row.sizeBytes,
  };
}

/** A new request: refused while one is pending and after the day's limit (one transaction). */
export async function requestExport(
  deps: Pick<DataExportsDeps, 'db' | 'now'>,
  userId: string,
): Promise<TDataExport> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const counts = await repository.lockAndCount(tx, userId, new Date(now.getTime() - DAY_MS));
    if (counts.pending > 0) throw new AppError('CONFLICT', dataExportTexts.pending);
    if (counts.recent >= dataExportLimits.perDay) {
      throw new AppError('RATE_LIMITED', dataExportTexts.tooMany);
    }
    return present(await repository.insertExport(tx, userId), now);
  });
}

export async function listExports(
  deps: Pick<DataExportsDeps, 'db' | 'now'>,
  userId: string,
): Promise<TDataExport[]> {
  const now = deps.now();
  return (await repository.listExports(deps.db, userId)).map((row) => present(row, now));
}

function sameHash(token: string, stored: string | null): boolean {
  if (stored === null) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export class ExpiredExport extends Error {}

/**
 * The zip for its owner with the right token. Another member's export, a wrong token or an
 * unknown id are all "not found"; an expired one is told as such (410 by the route).
 */
export async function openDownload(
  deps: Pick<DataExportsDeps, 'db' | 'storage' | 'now'>,
  user: { id: string; role: string; isAdvocate?: boolean },
  id: string,
  token: string,
  requestId: string,
) {
  const row = await repository.findExport(deps.db, id);
  if (!row || row.userId !== user.id || !sameHash(token, row.tokenHash)) {
    throw AppError.notFound('Data export');
  }
  const now = deps.now();
  if (row.expiresAt !== null && row.expiresAt <= now) throw new ExpiredExport();
  if (row.status !== 'ready' || row.storageKey === null) {
    throw new AppError('NOT_FOUND', dataExportTexts.notReady);
  }
  const object = await deps.storage.get(row.storageKey);
  if (!object) throw AppError.notFound('Data export');
  const entry: AccessEntry = {
    actorId: user.id,
    actorRole: actorRoleOf(user),
    subjectType: 'data_export',
    subjectId: row.id,
    ownerId: row.userId,
    action: 'download',
    requestId,
  };
  await deps.db.transaction(async (tx) => {
    await recordAccess(tx, entry);
    await repository.markDownloaded(tx, row.id, now);
  });
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return { object, fileName: `${brand.siteName.toLowerCase()}-my-data-${day}.zip` };
}

const README = `${brand.siteName}: a copy of your data
===========================================

This zip holds everything ${brand.siteName} keeps about you, as asked from your account.

data.json      All your records, as JSON (dates are in UTC):
  profile              Your account: name, email, phone, address, choices. Your password is
                       never included (we only keep it scrambled).
  facilityProfile      Your facility's details, if your account is a healthcare facility.
  campaigns            The campaigns you organise.
  campaignRevisions    The changes you asked for on them, with the admins' decisions.
  campaignUpdates      The updates posted on them.
  campaignDocuments    The documents you uploaded (their files are in documents/).
  donationsMade        Gifts you made, by your account or your email address.
  donationsReceived    Gifts to your campaigns: amount, date and the name the campaign page shows.
  payouts, refunds     Money paid to hospitals from your campaigns and refunds to donors.
  complaints           Your complaints, with complaintEvents (their status history and notes).
  reviews              Your hospital reviews.
  blogComments         Your comments on the blog.
  likedCampaigns       Your Green-Heart likes; likedPosts: blog posts you liked.
  consents             Each consent you gave or withdrew, with its date.
  sessions             Where you signed in: device, when, last use, expiry.
  webinarRegistrations Webinars you registered for.
  contactMessages      Messages you sent us with the contact form.
  accessLog            Who opened your private records (documents, complaints) and when.
  campaigns.extension* The extension requests are the extensionRequest fields of each campaign.

photos/        Your profile photo and campaign cover photos.
documents/     Your campaign documents (bills, medical reports) and facility documents.

Questions? Write to us from the contact page.
`;

/**
 * Writes the zip to a file on local disk with fflate's streaming writer, one chunk at a time
 * (waiting when the disk falls behind): a member with many documents never needs the whole zip
 * in memory. Returns the zip's size in bytes.
 */
async function writeZip(
  storage: Storage,
  json: unknown,
  files: { name: string; key: string }[],
  target: string,
): Promise<number> {
  const out = fs.createWriteStream(target, { flags: 'wx' });
  const written = finished(out);
  // Awaited below; a write failure meanwhile must not count as an unhandled rejection.
  written.catch(() => {});
  let full = false;
  let failed: Error | undefined;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failed = error;
      out.destroy(error);
      return;
    }
    if (!out.write(chunk)) full = true;
    if (final) out.end();
  });
  /** Lets the file catch up before more is pushed. */
  const drained = async () => {
    if (failed) throw failed;
    if (!full) return;
    full = false;
    await once(out, 'drain');
  };
  const addText = async (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
    await drained();
  };
  try {
    await addText('README.txt', README);
    await addText('data.json', JSON.stringify(json, null, 2));
    const seen = new Set<string>();
    for (const file of files) {
      const object = await storage.get(file.key);
      if (!object) continue;
      let name = file.name;
      for (let n = 2; seen.has(name); n += 1) name = file.name.replace(/(\.[^./]*)?$/, `-${n}$1`);
      seen.add(name);
      // Photos and PDFs are already compressed: stored as they are.
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      const body = Buffer.isBuffer(object.body) ? Readable.from([object.body]) : object.body;
      for await (const chunk of body) {
        entry.push(chunk as Uint8Array);
        await drained();
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
    await written;
  } catch (error) {
    out.destroy();
    throw error;
  }
  if (failed) throw failed;
  return out.bytesWritten;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'file';
}

function extensionOf(key: string): string {
  const match = /\.[a-z0-9]+$/.exec(key);
  return match ? match[0] : '';
}

/** Prepares the oldest pending request; false when there was none. */
export async function prepareNext(deps: DataExportsDeps): Promise<boolean> {
  let claimedId: string | undefined;
  let storedKey: string | undefined;
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await repository.claimPending(tx);
      if (!row) return false;
      claimedId = row.id;
      const data = await repository.gatherMemberData(tx, row.userId);
      if (!data) throw new Error('the account no longer exists');
      const files: { name: string; key: string }[] = [];
      if (data.profile.image) {
        files.push({
          name: `photos/profile${extensionOf(data.profile.image)}`,
          key: data.profile.image,
        });
      }
      for (const campaign of data.campaigns) {
        if (campaign.image) {
          files.push({
            name: `photos/campaign-${campaign.id}${extensionOf(campaign.image)}`,
            key: campaign.image,
          });
        }
      }
      for (const document of data.campaignDocuments) {
        files.push({
          name: `documents/campaign-${document.id}-${safeName(document.fileName)}`,
          key: document.storageKey,
        });
      }
      const facility = data.facilityProfile;
      for (const [label, key] of [
        ['logo', facility?.logo],
        ['registration', facility?.regDoc],
        ['other', facility?.otherDoc],
      ] as const) {
        if (key) files.push({ name: `documents/facility-${label}${extensionOf(key)}`, key });
      }
      const { campaignDocuments, ...rest } = data;
      const json = {
        exportedAt: deps.now().toISOString(),
        ...rest,
        // Storage keys are the site's own; the zip names each file instead.
        campaignDocuments: campaignDocuments.map(({ storageKey: _key, ...document }) => document),
      };
      const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ipatient-export-'));
      let sizeBytes: number;
      try {
        const file = path.join(folder, 'export.zip');
        sizeBytes = await writeZip(deps.storage, json, files, file);
        storedKey = newStorageKey('private/data-exports', 'zip');
        await deps.storage.putFile(storedKey, file, 'application/zip');
      } finally {
        await fs.promises.rm(folder, { recursive: true, force: true });
      }

      const now = deps.now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + dataExportLimits.days * DAY_MS);
      await repository.markReady(tx, row.id, {
        tokenHash: hashToken(token),
        storageKey: storedKey,
        sizeBytes,
        readyAt: now,
        expiresAt,
      });
      const url = `${deps.publicUrl}/account/data/${row.id}/download?token=${token}`;
      const email = noticeEmail({
        subject: `Your ${brand.siteName} data is ready to download`,
        firstName: data.profile.firstName,
        paragraphs: [
          'The copy of your data you asked for is ready: one zip file with your records and your files.',
          `The link works for ${dataExportLimits.days} days, only while you are signed in to your account. After that the file is deleted; you can ask for a new copy at any time.`,
          'If you did not ask for this, please change your password and write to us.',
        ],
        link: { url, label: 'Download my data' },
      });
      await deps.mail.enqueue(tx, { to: data.profile.email, ...email });
      return true;
    });
  } catch (error) {
    if (storedKey) await deps.storage.delete(storedKey).catch(() => {});
    if (claimedId === undefined) throw error;
    const message = error instanceof Error ? error.message : String(error);
    await repository.recordFailure(deps.db, claimedId, message, dataExportLimits.maxAttempts);
    throw error;
  }
}

/** Deletes the files of expired exports and forgets their keys; returns how many. */
export async function purgeExpired(deps: Pick<DataExportsDeps, 'db' | 'storage' | 'now'>) {
  const rows = await repository.expiredWithFiles(deps.db, deps.now());
  for (const row of rows) {
    if (row.storageKey) await deps.storage.delete(row.storageKey);
    await repository.clearFile(deps.db, row.id);
  }
  return rows.length;
}
