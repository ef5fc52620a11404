import {
  type TFacility,
  ZFacilityCreateFields,
  ZFacilityUpdateFields,
} from '@ipatient/contracts/facilities';
import { isUuid } from '@ipatient/contracts/ids';
import { findLga, findState } from '@ipatient/contracts/reference';
import type { Database, StoredImageSize } from '@ipatient/db';
import { detectImageType } from '../../lib/images.ts';
import { removeImageSizes, storeImageSizes, withStoredImage } from '../../lib/stored-images.ts';
import { AppError, parseOrThrow } from '../../plugins/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import type { Storage } from '../../plugins/storage/storage.ts';
import * as repository from './facilities.repository.ts';
import { FACILITY_IMAGE_WIDTHS, presentFacility } from './facilities.service.ts';
import { facilityPaysDirect, unverifyPayoutAccount } from './facility-payout.repository.ts';

export interface FacilityAdminDeps {
  db: Database;
  storage: Storage;
}

const notFound = () => AppError.notFound('Facility');

/** The state and LGA by their canonical names; the LGA must be in the state. */
function resolvePlace(stateName: string, lgaName: string): { state: string; lga: string } {
  const state = findState(stateName);
  if (!state) {
    const message = 'Choose a state from the list';
    throw new AppError('VALIDATION', message, { errors: { state: message } });
  }
  const lga = findLga(state, lgaName);
  if (!lga) {
    const message = `Choose an LGA of ${state.name}`;
    throw new AppError('VALIDATION', message, { errors: { lga: message } });
  }
  return { state: state.name, lga };
}

/** PNG or JPEG by its bytes, like campaign covers. */
function assertImageType(file: UploadedFile | undefined): void {
  if (!file) return;
  const type = detectImageType(file.buffer);
  if (type !== 'image/png' && type !== 'image/jpeg') {
    const message = 'The photo must be a PNG or JPEG image.';
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { errors: { image: message } });
  }
}

function imageStore(storage: Storage, file: UploadedFile | undefined) {
  if (!file) return undefined;
  return () => storeImageSizes(storage, file.buffer, 'facilities', FACILITY_IMAGE_WIDTHS);
}

export async function createFacility(
  deps: FacilityAdminDeps,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<TFacility> {
  const input = parseOrThrow(ZFacilityCreateFields, fields);
  const place = resolvePlace(input.state, input.lga);
  assertImageType(image);
  const row = await withStoredImage(deps.storage, imageStore(deps.storage, image), (sizes) =>
    repository.insertFacility(deps.db, {
      name: input.name,
      facilityType: input.facilityType,
      services: input.services ?? [],
      state: place.state,
      lga: place.lga,
      address: input.address,
      verified: input.verified ?? false,
      image: sizes?.at(-1)?.key ?? null,
      imageSizes: sizes ?? [],
    }),
  );
  // A new facility has no payout account yet.
  return presentFacility({ ...row, paysDirect: false });
}

export async function updateFacility(
  deps: FacilityAdminDeps,
  id: string,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<TFacility> {
  if (!isUuid(id)) throw notFound();
  const input = parseOrThrow(ZFacilityUpdateFields, fields);
  if (!image && Object.values(input).every((value) => value === undefined)) {
    throw new AppError('VALIDATION', 'Send at least one field to change', {
      errors: { body: 'Send at least one field to change' },
    });
  }
  assertImageType(image);
  let replaced: StoredImageSize[] = [];
  const row = await withStoredImage(deps.storage, imageStore(deps.storage, image), (sizes) =>
    deps.db.transaction(async (tx) => {
      const current = await repository.findFacilityForUpdate(tx, id);
      if (!current) throw notFound();
      // A new state keeps the LGA only if it belongs to it; a new LGA is checked in the state.
      const place =
        input.state !== undefined || input.lga !== undefined
          ? resolvePlace(input.state ?? current.state, input.lga ?? current.lga)
          : undefined;
      const updated = await repository.updateFacility(tx, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.facilityType !== undefined ? { facilityType: input.facilityType } : {}),
        ...(input.services !== undefined ? { services: input.services } : {}),
        ...(input.address !== undefined ? { address: input.address } : {}),
        ...(input.verified !== undefined ? { verified: input.verified } : {}),
        ...(place ?? {}),
        ...(sizes ? { image: sizes.at(-1)?.key ?? null, imageSizes: sizes } : {}),
      });
      if (!updated) throw notFound();
      // The payout account was verified after its name was matched against the facility's
      // name: under a new name that match no longer stands, so it is paid no more until a
      // second admin verifies it again (in this transaction, so no payout sees one without the other).
      if (updated.name !== current.name) await unverifyPayoutAccount(tx, id);
      if (sizes) replaced = current.imageSizes;
      return { ...updated, paysDirect: await facilityPaysDirect(tx, id) };
    }),
  );
  await removeImageSizes(deps.storage, replaced);
  return presentFacility(row);
}

/** Deletes a facility with its reviews (cascade), then its image files. */
export async function deleteFacility(deps: FacilityAdminDeps, id: string): Promise<TFacility> {
  if (!isUuid(id)) throw notFound();
  const row = await repository.deleteFacility(deps.db, id);
  if (!row) throw notFound();
  await removeImageSizes(deps.storage, row.imageSizes);
  // Its payout account went with it (cascade): it pays nobody any more.
  return presentFacility({ ...row, paysDirect: false });
}

/** The facility as it was before an admin changes it, for the audit log. */
export async function facilityBefore(db: Database, id: unknown) {
  if (!isUuid(id)) return null;
  const row = await repository.findFacility(db, id);
  if (!row) return null;
  return {
    // With the answer's paysDirect, the log shows a rename that unverified the payout account.
    paysDirect: await facilityPaysDirect(db, id),
    name: row.name,
    facilityType: row.facilityType,
    services: row.services,
    state: row.state,
    lga: row.lga,
    address: row.address,
    verified: row.verified,
    image: row.image,
  };
}

/** The review as it was before an admin changes it, for the audit log. */
export async function reviewBefore(db: Database, id: unknown) {
  if (!isUuid(id)) return null;
  const row = await repository.findReview(db, id);
  if (!row) return null;
  return {
    facilityId: row.review.facilityId,
    userId: row.review.userId,
    rating: row.review.rating,
    status: row.review.status,
    verified: row.review.verified,
    rejectionReason: row.review.rejectionReason,
  };
}
