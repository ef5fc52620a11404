import {
  type TFacilityProfile,
  type TOnboardingRequest,
  type TUser,
  ZFacilityOnboardingRequest,
  ZProfileUpdateRequest,
} from '@ipatient/contracts/accounts';
import type { Database } from '@ipatient/db';
import { assertImageWithinLimits, detectDocumentType, processImage } from '../../lib/images.ts';
import { presentUser, type UserRow } from '../../lib/present-user.ts';
import { imageUploadsPerUser } from '../../lib/stored-images.ts';
import { AppError, parseOrThrow } from '../../plugins/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { claimWithinLimit } from '../../plugins/rate-limits.ts';
import { newStorageKey, type Storage } from '../../plugins/storage/storage.ts';
import * as repository from './users.repository.ts';

export interface UsersDeps {
  db: Database;
  storage: Storage;
}

/** Profile photos are shown small (header avatar, side panel): 512 px is plenty on any phone. */
const AVATAR_BOX = { maxWidth: 512, maxHeight: 512 };
const LOGO_BOX = { maxWidth: 800, maxHeight: 800 };

function assertSelf(viewer: UserRow, userId: string, action: string): void {
  if (viewer.id !== userId)
    throw new AppError('FORBIDDEN', `You can only ${action} your own profile.`);
}

/** Your own profile, or anyone's for an admin. */
export async function getSingleUser(db: Database, viewer: UserRow, userId: string): Promise<TUser> {
  if (viewer.id !== userId && viewer.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'You can only view your own profile.');
  }
  const user = viewer.id === userId ? viewer : await repository.findUserById(db, userId);
  if (!user) throw AppError.notFound('User');
  return presentUser(user);
}

/**
 * Saves what the new member chose to tell (a field left out keeps its value) and marks the
 * onboarding done, also when nothing was given: a skip is remembered like a save.
 */
export async function updateOnboarding(
  db: Database,
  viewer: UserRow,
  input: TOnboardingRequest,
): Promise<TUser> {
  const row = await repository.updateUser(db, viewer.id, {
    ...input,
    onboardedAt: viewer.onboardedAt ?? new Date(),
  });
  if (!row) throw AppError.notFound('User');
  return presentUser(row);
}

/**
 * A member volunteers as an advocate, or stops; only for themselves (admins change others in the
 * admin console). A facility account speaks for a hospital or clinic, the side complaints are
 * about, so it cannot be one.
 */
export async function setAdvocate(
  db: Database,
  viewer: UserRow,
  userId: string,
  isAdvocate: boolean,
): Promise<TUser> {
  if (viewer.id !== userId) {
    throw new AppError('FORBIDDEN', 'You can only volunteer as an advocate for yourself.');
  }
  if (isAdvocate && viewer.role === 'facility') {
    throw new AppError(
      'FORBIDDEN',
      'Facility accounts cannot volunteer as advocates. Volunteer from a personal account.',
    );
  }
  const row = await repository.updateUser(db, viewer.id, { isAdvocate });
  if (!row) throw AppError.notFound('User');
  return presentUser(row);
}

/**
 * Stores a re-encoded image under a new random key and runs `change` with it; when the change
 * fails the new file is removed, when it succeeds the replaced file is.
 */
async function withStoredImage<T>(
  deps: UsersDeps,
  viewer: UserRow,
  image:
    | {
        buffer: Buffer;
        folder: string;
        box: { maxWidth: number; maxHeight: number };
        field: string;
      }
    | undefined,
  change: (key: string | undefined) => Promise<{ value: T; replaced: string | null | undefined }>,
): Promise<T> {
  const { storage } = deps;
  let key: string | undefined;
  if (image) {
    // Refused from its header before it counts; counted before it is decoded.
    await assertImageWithinLimits(image.buffer, { field: image.field });
    await claimWithinLimit(deps.db, imageUploadsPerUser, viewer.id);
    const processed = await processImage(image.buffer, image.box, { field: image.field });
    key = newStorageKey(image.folder, 'webp');
    await storage.put(key, processed.body, processed.contentType);
  }
  let outcome: { value: T; replaced: string | null | undefined };
  try {
    outcome = await change(key);
  } catch (error) {
    if (key) await storage.delete(key).catch(() => {});
    throw error;
  }
  if (key && outcome.replaced && outcome.replaced !== key) {
    await storage.delete(outcome.replaced).catch(() => {});
  }
  return outcome.value;
}

export async function updateProfile(
  deps: UsersDeps,
  viewer: UserRow,
  userId: string,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<TUser> {
  assertSelf(viewer, userId, 'update');
  const input = parseOrThrow(ZProfileUpdateRequest, fields);
  const { email, ...changes } = input;
  if (email !== undefined && email !== viewer.email) {
    const text = 'Email changes are not available yet. Contact us to change your email.';
    throw new AppError('VALIDATION', text, { errors: { email: text } });
  }
  return withStoredImage(
    deps,
    viewer,
    image
      ? { buffer: image.buffer, folder: 'avatars', box: AVATAR_BOX, field: 'image' }
      : undefined,
    (key) =>
      deps.db.transaction(async (tx) => {
        const before = await repository.lockUser(tx, viewer.id);
        if (!before) throw AppError.notFound('User');
        // Nothing to change (every field left out): answer with the profile as it is.
        const given = Object.values(changes).some((value) => value !== undefined);
        if (!given && !key) return { value: presentUser(before), replaced: undefined };
        // A new number has not been proved by a texted code: its verification starts over.
        const phoneChanged = changes.phone !== undefined && changes.phone !== before.phone;
        const row = await repository.updateUser(tx, viewer.id, {
          ...changes,
          ...(phoneChanged ? { phoneVerifiedAt: null } : {}),
          ...(key ? { image: key } : {}),
        });
        if (!row) throw AppError.notFound('User');
        return { value: presentUser(row), replaced: key ? before.image : undefined };
      }),
  );
}

function presentFacility(row: repository.FacilityProfileRow): TFacilityProfile {
  return {
    service: row.service,
    facility_type: row.facilityType,
    facility_name: row.facilityName,
    rc_number: row.rcNumber,
    address: row.address,
    state: row.state,
    lga: row.lga,
    logo: row.logo,
    reg_doc: row.regDoc,
    other_doc: row.otherDoc,
    isOnboarded: row.isOnboarded,
  };
}

const DOCUMENT_EXTENSIONS = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;

/**
 * Registration documents are kept, not published: they live under `private/`, which the image
 * server never serves.
 */
async function storeDocument(
  storage: Storage,
  field: string,
  file: UploadedFile | undefined,
): Promise<string | undefined> {
  if (!file) return undefined;
  const type = detectDocumentType(file.buffer);
  if (!type) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${field}: please upload a PDF, JPEG, PNG or WebP file.`,
      {
        errors: { [field]: 'Please upload a PDF, JPEG, PNG or WebP file' },
      },
    );
  }
  const key = newStorageKey('private/facility-documents', DOCUMENT_EXTENSIONS[type]);
  await storage.put(key, file.buffer, type);
  return key;
}

/** A healthcare facility describes itself; the account becomes a facility account. */
export async function onboardFacility(
  deps: UsersDeps,
  viewer: UserRow,
  fields: Record<string, string>,
  files: Record<string, UploadedFile>,
): Promise<TFacilityProfile> {
  const input = parseOrThrow(ZFacilityOnboardingRequest, fields);
  const stored: string[] = [];
  try {
    const regDoc = await storeDocument(deps.storage, 'reg_doc', files.reg_doc);
    if (regDoc) stored.push(regDoc);
    const otherDoc = await storeDocument(deps.storage, 'other_doc', files.other_doc);
    if (otherDoc) stored.push(otherDoc);
    const replaced: string[] = [];
    const profile = await withStoredImage(
      deps,
      viewer,
      files.logo
        ? { buffer: files.logo.buffer, folder: 'facility-logos', box: LOGO_BOX, field: 'logo' }
        : undefined,
      (logo) =>
        deps.db.transaction(async (tx) => {
          const before = await repository.findFacilityProfile(tx, viewer.id);
          if (!before && !regDoc) {
            const text = 'Please upload the registration document.';
            throw new AppError('VALIDATION', text, { errors: { reg_doc: text } });
          }
          const row = await repository.saveFacilityProfile(tx, {
            userId: viewer.id,
            service: input.service,
            facilityType: input.facility_type,
            facilityName: input.facility_name,
            rcNumber: input.rc_number.toUpperCase(),
            address: input.address,
            state: input.state,
            lga: input.lga,
            logo: logo ?? before?.logo ?? null,
            regDoc: regDoc ?? before?.regDoc ?? null,
            otherDoc: otherDoc ?? before?.otherDoc ?? null,
            isOnboarded: true,
          });
          if (viewer.role === 'member')
            await repository.updateUser(tx, viewer.id, { role: 'facility' });
          if (regDoc && before?.regDoc) replaced.push(before.regDoc);
          if (otherDoc && before?.otherDoc) replaced.push(before.otherDoc);
          return { value: presentFacility(row), replaced: logo ? before?.logo : undefined };
        }),
    );
    stored.length = 0;
    for (const key of replaced) await deps.storage.delete(key).catch(() => {});
    return profile;
  } finally {
    // Documents of a request that failed are not kept.
    for (const key of stored) await deps.storage.delete(key).catch(() => {});
  }
}
