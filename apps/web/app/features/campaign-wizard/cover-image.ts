import { limits } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import type { CoverImage } from './wizard-model.ts';

export const coverTypes: readonly string[] = limits.imageTypes;

/** Why a chosen file cannot be the cover (docs/product.md#campaign-wizard), or undefined when it can. */
export function coverFileProblem(file: File): string | undefined {
  if (!coverTypes.includes(file.type)) return 'Choose a PNG or JPEG image.';
  if (file.size > limits.imageMaxBytes) return errorTexts.imageTooLarge;
  return undefined;
}

/** Reads a chosen file as a data URL, for the preview and the draft. */
export function readCover(file: File): Promise<CoverImage> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve({ dataUrl: String(reader.result), name: file.name || 'cover', type: file.type });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The cover as a file again, for the multipart submission. */
export function coverFile(cover: CoverImage): File {
  const [, base64 = ''] = cover.dataUrl.split(',', 2);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], cover.name, { type: cover.type });
}
