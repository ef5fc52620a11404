import { createHmac, timingSafeEqual } from 'node:crypto';
import { campaignReadableBy } from '@ipatient/contracts/campaign-rules';
import type { TCampaignDocument, TCampaignDocumentWithLink } from '@ipatient/contracts/evidence';
import { ZCampaignDocumentUploadFields } from '@ipatient/contracts/evidence';
import {
  type CampaignDocumentKind,
  type DocumentType,
  evidenceLimits,
} from '@ipatient/contracts/evidence-rules';
import type { Database, Executor } from '@ipatient/db';
import sharp from 'sharp';
import { actorRoleOf, recordAccess, recordAccesses } from '../../lib/access-log.ts';
import {
  assertImageWithinLimits,
  detectImageType,
  imageWork,
  MAX_INPUT_PIXELS,
} from '../../lib/images.ts';
import type { UserRow } from '../../lib/present-user.ts';
import type { Viewer } from '../../lib/service-deps.ts';
import { AppError, parseOrThrow } from '../../plugins/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { claimWithinLimit, type Limit } from '../../plugins/rate-limits.ts';
import { newStorageKey, type Storage } from '../../plugins/storage/storage.ts';
import * as repository from './campaigns.repository.ts';
import * as evidence from './evidence.repository.ts';

// Evidence documents: private uploads, attached to a campaign when it is submitted or changed,
// read only by the organiser and admins through short-lived signed links.

export interface DocumentsDeps {
  db: Database;
  storage: Storage;
  /** The key that signs document links (derived from the server's JWT secret). */
  documentLinkKey: Buffer;
}

/** The key signing document links: its own purpose, so a link's signature is nothing else's. */
export function documentLinkKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('campaign-document-links').digest();
}

/**
 * Documents one member may upload in an hour. A campaign needs at least two and may have ten;
 * each photo costs a decode, so uploads are limited like cover photos.
 */
export const documentUploadsPerUser: Limit = {
  bucket: 'campaign-document-upload',
  max: 30,
  windowSeconds: 60 * 60,
  message: 'You have uploaded many documents in the last hour. Please try again in {wait}.',
};

const EXTENSIONS: Record<DocumentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

const PDF = Buffer.from('%PDF-', 'ascii');

/** PDF, JPEG or PNG by the file's first bytes; the name and the declared type are not trusted. */
export function detectEvidenceType(buffer: Buffer): DocumentType | undefined {
  if (buffer.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  const image = detectImageType(buffer);
  return image === 'image/jpeg' || image === 'image/png' ? image : undefined;
}

/** The name to show: no folders, no control characters, at most `fileNameMax` characters. */
export function cleanFileName(name: string | undefined, type: DocumentType): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // Control and format characters (including right-to-left overrides) and quotes.
    .replace(/[\p{Cc}\p{Cf}"]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const shown = cleaned === '' ? `document.${EXTENSIONS[type]}` : cleaned;
  return [...shown].slice(0, evidenceLimits.fileNameMax).join('');
}

const FIELD = 'file';

function refusedType(): AppError {
  const text = 'The document must be a PDF, JPEG or PNG file.';
  return new AppError('UNSUPPORTED_MEDIA_TYPE', text, { errors: { [FIELD]: text } });
}

/** A photo or scan, upright, in its own format, without metadata (location, camera, author). */
async function reencode(buffer: Buffer, type: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  await assertImageWithinLimits(buffer, { field: FIELD });
  return imageWork.run(async () => {
    try {
      const input = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      // sharp writes no metadata unless asked to.
      return await (type === 'image/jpeg'
        ? input.jpeg({ quality: 90, mozjpeg: true })
        : input.png({ compressionLevel: 9 })
      ).toBuffer();
    } catch (error) {
      const text = 'This image could not be read. It may be damaged; please choose another file.';
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', text, {
        errors: { [FIELD]: text },
        cause: error,
      });
    }
  });
}

export function presentDocument(row: evidence.DocumentRow): TCampaignDocument {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    contentType: row.contentType as DocumentType,
  };
}

/** Stores a private document owned by the uploader, not yet attached to a campaign. */
export async function uploadDocument(
  deps: DocumentsDeps,
  viewer: UserRow,
  fields: Record<string, string>,
  file: UploadedFile | undefined,
): Promise<TCampaignDocument> {
  const { kind } = parseOrThrow(ZCampaignDocumentUploadFields, fields);
  if (!file) {
    const text = 'Choose the document to upload';
    throw new AppError('VALIDATION', text, { errors: { [FIELD]: text } });
  }
  const type = detectEvidenceType(file.buffer);
  if (!type) throw refusedType();
  if (type !== 'application/pdf') await assertImageWithinLimits(file.buffer, { field: FIELD });
  await claimWithinLimit(deps.db, documentUploadsPerUser, viewer.id);
  const body = type === 'application/pdf' ? file.buffer : await reencode(file.buffer, type);
  const key = newStorageKey('private/campaign-documents', EXTENSIONS[type]);
  await deps.storage.put(key, body, type);
  try {
    const row = await evidence.insertDocument(deps.db, {
      userId: viewer.id,
      kind,
      storageKey: key,
      fileName: cleanFileName(file.filename, type),
      contentType: type,
      sizeBytes: body.length,
    });
    return presentDocument(row);
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The signature of a link to document `id` that works until `expires` (unix seconds). */
export function signDocumentLink(key: Buffer, id: string, expires: number): string {
  return createHmac('sha256', key).update(`${id.toLowerCase()}:${expires}`).digest('hex');
}

/** A link to the document that works for `documentLinkSeconds` from `now`. */
export function documentLink(key: Buffer, id: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + evidenceLimits.documentLinkSeconds;
  const signature = signDocumentLink(key, id, expires);
  return {
    downloadUrl: `/api/v1/campaign-documents/${id}/file?expires=${expires}&signature=${signature}`,
    linkExpiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** Whether the link's signature is the server's and the link has not expired (constant time). */
export function linkIsValid(
  key: Buffer,
  id: string,
  query: { expires?: string | undefined; signature?: string | undefined },
  now = Date.now(),
): boolean {
  const { expires, signature } = query;
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) {
    return false;
  }
  const expected = Buffer.from(signDocumentLink(key, id, Number(expires)), 'hex');
  const given = Buffer.from(signature, 'hex');
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  return matches && Number(expires) * 1000 > now;
}

export function withLinks(
  key: Buffer,
  rows: evidence.DocumentRow[],
  now = Date.now(),
): TCampaignDocumentWithLink[] {
  return rows.map((row) => ({
    ...presentDocument(row),
    createdAt: row.createdAt.toISOString(),
    ...documentLink(key, row.id, now),
  }));
}

/** A campaign's documents for its organiser or an admin; anyone else is told it does not exist. */
export async function listCampaignDocuments(
  deps: DocumentsDeps,
  viewer: Viewer,
  campaignId: string,
  requestId?: string,
): Promise<TCampaignDocumentWithLink[]> {
  const row = await repository.findCampaign(deps.db, campaignId);
  const allowed =
    row &&
    campaignReadableBy(row.campaign, viewer) &&
    (viewer?.role === 'admin' || row.campaign.userId === viewer?.id);
  if (!allowed) throw AppError.notFound('Campaign');
  const rows = await evidence.documentsOfCampaign(deps.db, campaignId);
  await recordDocumentLinks(deps.db, viewer, rows, row.campaign.userId, requestId);
  return withLinks(deps.documentLinkKey, rows);
}

/** Each document given a signed link is recorded as listed by the viewer (the access log). */
export function recordDocumentLinks(
  db: Executor,
  viewer: Viewer,
  rows: evidence.DocumentRow[],
  ownerId: string,
  requestId: string | undefined,
): Promise<void> {
  return recordAccesses(
    db,
    rows.map((document) => ({
      actorId: viewer?.id,
      actorRole: actorRoleOf(viewer),
      subjectType: 'campaign_document' as const,
      subjectId: document.id,
      ownerId,
      action: 'list' as const,
      requestId,
    })),
  );
}

/** The document's bytes for a valid signed link; undefined for anything else. */
export async function documentFile(
  deps: DocumentsDeps,
  id: string,
  query: { expires?: string | undefined; signature?: string | undefined },
  now = Date.now(),
  requestId?: string,
) {
  if (!linkIsValid(deps.documentLinkKey, id, query, now)) return undefined;
  const row = await evidence.findDocument(deps.db, id);
  // Only ever a private key: the column's check says so, and this says it again.
  if (row === undefined || !row.storageKey.startsWith('private/')) return undefined;
  const object = await deps.storage.get(row.storageKey);
  if (!object) return undefined;
  // The link is the credential (no session is read): the holder is recorded as `link`.
  await recordAccess(deps.db, {
    actorId: undefined,
    actorRole: actorRoleOf(undefined),
    subjectType: 'campaign_document',
    subjectId: row.id,
    ownerId: row.userId,
    action: 'download',
    requestId,
  });
  return { object, fileName: row.fileName, contentType: row.contentType };
}

/**
 * `Content-Disposition` for a download: an ASCII fallback, and the real name in RFC 5987 form
 * when it has other characters.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return ascii === fileName
    ? `attachment; filename="${ascii}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Why these documents cannot be attached, or undefined when they can. */
function documentsProblem(
  rows: evidence.DocumentRow[],
  ids: string[],
  userId: string,
  kinds: CampaignDocumentKind[],
  options: { requireBillAndReport: boolean },
): string | undefined {
  const found = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const row = found.get(id);
    if (!row || row.userId !== userId) return `Document ${id} was not found among your uploads.`;
    if (row.campaignId !== null) return `Document ${id} is already part of a campaign.`;
  }
  if (kinds.length > evidenceLimits.documentsPerCampaignMax) {
    return `A campaign can have at most ${evidenceLimits.documentsPerCampaignMax} documents.`;
  }
  if (kinds.filter((kind) => kind === 'other').length > evidenceLimits.otherDocumentsMax) {
    return `Add at most ${evidenceLimits.otherDocumentsMax} other documents beside the bill and the medical report.`;
  }
  if (options.requireBillAndReport) {
    const missing = [
      kinds.includes('bill') ? undefined : 'the hospital bill or estimate',
      kinds.includes('medical_report') ? undefined : 'a medical report',
    ].filter(Boolean);
    if (missing.length > 0) return `Add ${missing.join(' and ')}.`;
  }
  return undefined;
}

/**
 * Attaches the caller's own unattached documents to a campaign in the caller's transaction,
 * refusing (400, nothing changes) what breaks a rule: someone else's or an attached document,
 * more than the limits, or (on a new campaign) no bill or no medical report.
 */
export async function attachToCampaign(
  tx: Executor,
  userId: string,
  campaignId: string,
  ids: string[],
  options: { requireBillAndReport: boolean },
): Promise<void> {
  const rows = await evidence.lockDocuments(tx, ids);
  const existing = options.requireBillAndReport
    ? []
    : await evidence.documentsOfCampaign(tx, campaignId);
  const kinds = [...existing, ...rows].map((row) => row.kind);
  const problem = documentsProblem(rows, ids, userId, kinds, options);
  if (problem) {
    throw new AppError('VALIDATION', problem, { errors: { documentIds: problem } });
  }
  await evidence.attachDocuments(tx, ids, campaignId);
}

/** Checks documents before anything is written (the same rules attachToCampaign applies again). */
export async function assertDocumentsAttachable(
  db: Executor,
  userId: string,
  ids: string[],
): Promise<void> {
  const rows = await Promise.all(ids.map((id) => evidence.findDocument(db, id)));
  const present = rows.filter((row): row is evidence.DocumentRow => row !== undefined);
  const problem = documentsProblem(
    present,
    ids,
    userId,
    present.map((row) => row.kind),
    { requireBillAndReport: true },
  );
  if (problem) throw new AppError('VALIDATION', problem, { errors: { documentIds: problem } });
}

/**
 * Deletes documents uploaded more than `unattachedHours` before `now` and never attached: their
 * rows, then their files. Returns how many were removed.
 */
export async function purgeUnattachedDocuments(
  db: Database,
  storage: Storage,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - evidenceLimits.unattachedHours * 60 * 60 * 1000);
  const keys = await evidence.deleteUnattachedBefore(db, cutoff);
  for (const key of keys) await storage.delete(key);
  return keys.length;
}
