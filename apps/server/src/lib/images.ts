import sharp from 'sharp';
import { AppError } from '../plugins/errors.ts';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
export type DocumentType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';

/** Decoding more than this would take too much memory (and a tiny file can claim huge sizes). */
export const MAX_INPUT_PIXELS = 40_000_000;

function startsWith(buffer: Buffer, bytes: number[], offset = 0): boolean {
  return (
    buffer.length >= offset + bytes.length && bytes.every((byte, i) => buffer[offset + i] === byte)
  );
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type by its first bytes; the file name and the declared type are not trusted. */
export function detectImageType(buffer: Buffer): ImageType | undefined {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buffer, ascii('RIFF')) && startsWith(buffer, ascii('WEBP'), 8))
    return 'image/webp';
  if (startsWith(buffer, ascii('GIF87a')) || startsWith(buffer, ascii('GIF89a'))) {
    return 'image/gif';
  }
  return undefined;
}

/** Facility documents: a PDF or a photo/scan of one. */
export function detectDocumentType(buffer: Buffer): DocumentType | undefined {
  if (startsWith(buffer, ascii('%PDF-'))) return 'application/pdf';
  const image = detectImageType(buffer);
  return image === 'image/gif' ? undefined : image;
}

export interface ProcessedImage {
  body: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded image as WebP: turned upright from its EXIF orientation, shrunk to fit
 * the box (never enlarged), and stripped of all metadata (EXIF with GPS, ICC, XMP), so what we
 * serve is pixels only.
 */
export async function processImage(
  buffer: Buffer,
  box: { maxWidth: number; maxHeight: number },
): Promise<ProcessedImage> {
  if (!detectImageType(buffer)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please choose a PNG, JPEG, WebP or GIF image.');
  }
  try {
    const { data, info } = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: box.maxWidth,
        height: box.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    throw unreadable(error);
  }
}

function unreadable(error: unknown): AppError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `This image is too large. Please choose one under ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
      { cause: error },
    );
  }
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'This image could not be read. It may be damaged; please choose another image.',
    { cause: error },
  );
}

/**
 * Responsive sizes of one upload for `srcset`: each width of `widths` the image is at least as
 * wide as (and its own width when it is narrower than the smallest), upright, WebP, metadata
 * stripped. Decoded once; the sizes are resized from that.
 */
export async function processImageSizes(
  buffer: Buffer,
  widths: readonly number[],
): Promise<ProcessedImage[]> {
  try {
    const upright = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: original, height, channels } = upright.info;
    const targets = [...new Set(widths.map((width) => Math.min(width, original)))].sort(
      (a, b) => a - b,
    );
    const decoded = sharp(upright.data, { raw: { width: original, height, channels } });
    return await Promise.all(
      targets.map(async (width) => {
        const { data, info } = await decoded
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer({ resolveWithObject: true });
        return {
          body: data,
          contentType: 'image/webp' as const,
          width: info.width,
          height: info.height,
        };
      }),
    );
  } catch (error) {
    throw unreadable(error);
  }
}
