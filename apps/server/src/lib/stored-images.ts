import type { StoredImageSize } from '@ipatient/db';
import type { Limit } from '../plugins/rate-limits.ts';
import { newStorageKey, type Storage } from '../plugins/storage/storage.ts';
import { type ImageLimits, processImageSizes } from './images.ts';

/**
 * Images one member may upload in an hour, all kinds together: campaign covers (new or changed),
 * profile photos and facility logos. Decoding one costs tens of megabytes and a core for a
 * moment, and changing a picture is otherwise unlimited.
 */
export const imageUploadsPerUser: Limit = {
  bucket: 'image-upload',
  max: 10,
  windowSeconds: 60 * 60,
  message: 'You have uploaded many images in the last hour. Please try again in {wait}.',
};

/**
 * Re-encodes an upload into its WebP sizes (`folder/{random}-{width}.webp`); when one write
 * fails, the sizes already written are removed again.
 */
export async function storeImageSizes(
  storage: Storage,
  buffer: Buffer,
  folder: string,
  widths: readonly number[],
  limits: ImageLimits = {},
): Promise<StoredImageSize[]> {
  const sizes = await processImageSizes(buffer, widths, limits);
  const base = newStorageKey(folder, 'webp').replace(/\.webp$/, '');
  const stored: StoredImageSize[] = [];
  try {
    for (const size of sizes) {
      const key = `${base}-${size.width}.webp`;
      await storage.put(key, size.body, size.contentType);
      stored.push({ width: size.width, height: size.height, key });
    }
  } catch (error) {
    await removeImageSizes(storage, stored);
    throw error;
  }
  return stored;
}

/** Deletes stored sizes; a file that is already gone is not an error. */
export async function removeImageSizes(
  storage: Storage,
  sizes: readonly StoredImageSize[] | undefined,
): Promise<void> {
  await Promise.all((sizes ?? []).map((size) => storage.delete(size.key).catch(() => {})));
}

/**
 * Stores an image (when there is one) and runs `change` with its sizes; the new files are
 * removed again when the change fails, so a refused request leaves nothing behind.
 */
export async function withStoredImage<T>(
  storage: Storage,
  store: (() => Promise<StoredImageSize[]>) | undefined,
  change: (sizes: StoredImageSize[] | undefined) => Promise<T>,
): Promise<T> {
  const sizes = store ? await store() : undefined;
  try {
    return await change(sizes);
  } catch (error) {
    await removeImageSizes(storage, sizes);
    throw error;
  }
}
