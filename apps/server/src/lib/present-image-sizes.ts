import type { StoredImageSize } from '@ipatient/db';

/** An image's stored sizes as the API shows them: the key of each is its path. */
export function presentImageSizes(sizes: readonly StoredImageSize[]) {
  return sizes.map((size) => ({ width: size.width, height: size.height, path: size.key }));
}
