import sharp, { type Sharp } from 'sharp';
import { AppError } from '../plugins/errors.ts';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
export type DocumentType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';

/**
 * The most pixels an uploaded image may have. A few hundred compressed kilobytes can claim
 * 40 million pixels, and decoding costs width × height × channels bytes whatever the file size,
 * so the dimensions are checked in the header before anything is decoded. 24 megapixels is a
 * full-resolution photo of any phone camera we expect (6000 × 4000).
 */
export const MAX_INPUT_PIXELS = 24_000_000;

/** Images decoded at the same time in this process: one per core of the 2-core server. */
export const IMAGE_WORK_CONCURRENCY = 2;

// libvips keeps recent operations (up to 50 MB) for reuse; every upload is a new image, so the
// cache only holds memory. One libvips thread per image: images already run side by side (see
// imageWork), and each extra thread per image holds decoded tiles of its own.
sharp.cache(false);
sharp.concurrency(1);

/**
 * At most `limit` tasks run at once; the others wait in order of arrival. A slot is handed
 * straight to the next waiter, so a task arriving meanwhile cannot overtake it.
 */
export class Semaphore {
  readonly limit: number;
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.limit = limit;
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active < this.limit) {
      this.#active += 1;
    } else {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active -= 1;
    }
  }
}

/** Every decode of an upload in this process takes one of these slots. */
export const imageWork = new Semaphore(IMAGE_WORK_CONCURRENCY);

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

/** How large an upload may be, and the form field it came in (named in the error). */
export interface ImageLimits {
  /** Width × height at most; MAX_INPUT_PIXELS unless given. */
  maxPixels?: number;
  /** The form field, for the per-field error; 'image' unless given. */
  field?: string;
}

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10}`;

function tooManyPixels(width: number, height: number, maxPixels: number, field: string) {
  const text = `This image is too large (${width} × ${height} pixels). Please choose one of at most ${megapixels(maxPixels)} megapixels.`;
  return new AppError('VALIDATION', text, { errors: { [field]: text } });
}

function notAnImage(field: string): AppError {
  const text = 'Please choose a PNG, JPEG, WebP or GIF image.';
  return new AppError('UNSUPPORTED_MEDIA_TYPE', text, { errors: { [field]: text } });
}

function unreadable(error: unknown, field: string): AppError {
  const text = 'This image could not be read. It may be damaged; please choose another image.';
  return new AppError('UNSUPPORTED_MEDIA_TYPE', text, { errors: { [field]: text }, cause: error });
}

/**
 * Refuses an upload that is not a PNG, JPEG, WebP or GIF, or whose header claims more than
 * `maxPixels`, from the header alone (nothing is decoded). Cheap: services call it before
 * anything that costs (a bank lookup, a counted upload), and every decode here calls it again.
 */
export async function assertImageWithinLimits(
  buffer: Buffer,
  limits: ImageLimits = {},
): Promise<{ width: number; height: number }> {
  const field = limits.field ?? 'image';
  const maxPixels = limits.maxPixels ?? MAX_INPUT_PIXELS;
  if (!detectImageType(buffer)) throw notAnImage(field);
  let width: number;
  let height: number;
  try {
    // No pixel limit here: the header is all that is read, and the check below names the size.
    const meta = await sharp(buffer, { limitInputPixels: false }).metadata();
    ({ width, height } = meta.autoOrient ?? meta);
  } catch (error) {
    throw unreadable(error, field);
  }
  if (!width || !height) throw unreadable(undefined, field);
  if (width * height > maxPixels) throw tooManyPixels(width, height, maxPixels, field);
  return { width, height };
}

/**
 * The one way an upload is decoded: the header is checked first, then the work waits for a
 * slot of `imageWork`; libvips still refuses more than `maxPixels` should the header lie.
 */
async function decodeBounded<T>(
  buffer: Buffer,
  limits: ImageLimits,
  work: (input: Sharp) => Promise<T>,
): Promise<T> {
  const field = limits.field ?? 'image';
  const maxPixels = limits.maxPixels ?? MAX_INPUT_PIXELS;
  await assertImageWithinLimits(buffer, limits);
  return imageWork.run(async () => {
    try {
      return await work(sharp(buffer, { limitInputPixels: maxPixels }));
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        const text = `This image is too large. Please choose one of at most ${megapixels(maxPixels)} megapixels.`;
        throw new AppError('VALIDATION', text, { errors: { [field]: text }, cause: error });
      }
      throw unreadable(error, field);
    }
  });
}

/**
 * Re-encodes an uploaded image as WebP: turned upright from its EXIF orientation, shrunk to fit
 * the box (never enlarged), and stripped of all metadata (EXIF with GPS, ICC, XMP), so what we
 * serve is pixels only.
 */
export async function processImage(
  buffer: Buffer,
  box: { maxWidth: number; maxHeight: number },
  limits: ImageLimits = {},
): Promise<ProcessedImage> {
  return decodeBounded(buffer, limits, async (input) => {
    const { data, info } = await input
      .rotate()
      .resize({
        width: box.maxWidth,
        height: box.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
        // JPEG and WebP are decoded at 1/2, 1/4 or 1/8 of their size when the box allows.
        fastShrinkOnLoad: true,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, contentType: 'image/webp', width: info.width, height: info.height };
  });
}

/**
 * Responsive sizes of one upload for `srcset`: each width of `widths` the image is at least as
 * wide as (and its own width when it is narrower than the smallest), upright, WebP, metadata
 * stripped. Decoded once, straight to the largest width wanted (shrunk on load where the format
 * allows), so the full-size pixels are never held; the sizes are resized from that.
 */
export async function processImageSizes(
  buffer: Buffer,
  widths: readonly number[],
  limits: ImageLimits = {},
): Promise<ProcessedImage[]> {
  return decodeBounded(buffer, limits, async (input) => {
    const upright = await input
      .rotate()
      .resize({ width: Math.max(...widths), withoutEnlargement: true, fastShrinkOnLoad: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: largest, height, channels } = upright.info;
    const targets = [...new Set(widths.map((width) => Math.min(width, largest)))].sort(
      (a, b) => a - b,
    );
    const decoded = sharp(upright.data, { raw: { width: largest, height, channels } });
    return Promise.all(
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
  });
}
