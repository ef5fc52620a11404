import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../plugins/errors.ts';
import {
  assertImageWithinLimits,
  detectDocumentType,
  detectImageType,
  IMAGE_WORK_CONCURRENCY,
  imageWork,
  MAX_INPUT_PIXELS,
  processImage,
  processImageSizes,
  Semaphore,
} from './images.ts';

function solid(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } },
  });
}

const png = await solid(8, 8).png().toBuffer();
const jpeg = await solid(8, 8).jpeg().toBuffer();
const webp = await solid(8, 8).webp().toBuffer();
const gif = await solid(8, 8).gif().toBuffer();
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');

describe('detectImageType', () => {
  it('recognises PNG, JPEG, WebP and GIF by their bytes', () => {
    expect(detectImageType(png)).toBe('image/png');
    expect(detectImageType(jpeg)).toBe('image/jpeg');
    expect(detectImageType(webp)).toBe('image/webp');
    expect(detectImageType(gif)).toBe('image/gif');
  });

  it('refuses what only pretends to be an image', () => {
    // An HTML page or an SVG renamed photo.png is still text.
    expect(detectImageType(html)).toBeUndefined();
    expect(detectImageType(svg)).toBeUndefined();
    expect(detectImageType(Buffer.from('just some text'))).toBeUndefined();
    expect(detectImageType(pdf)).toBeUndefined();
    expect(detectImageType(Buffer.alloc(0))).toBeUndefined();
    // A RIFF file that is not WebP (a WAV sound).
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
  });

  it('refuses a file cut off inside its signature', () => {
    expect(detectImageType(png.subarray(0, 4))).toBeUndefined();
    expect(detectImageType(webp.subarray(0, 10))).toBeUndefined();
    expect(detectImageType(Buffer.from('GIF8'))).toBeUndefined();
  });
});

describe('detectDocumentType', () => {
  it('accepts PDF, JPEG, PNG and WebP, nothing else', () => {
    expect(detectDocumentType(pdf)).toBe('application/pdf');
    expect(detectDocumentType(jpeg)).toBe('image/jpeg');
    expect(detectDocumentType(png)).toBe('image/png');
    expect(detectDocumentType(webp)).toBe('image/webp');
    expect(detectDocumentType(gif)).toBeUndefined();
    expect(detectDocumentType(html)).toBeUndefined();
    expect(detectDocumentType(svg)).toBeUndefined();
  });
});

describe('processImage', () => {
  it('re-encodes a JPEG as WebP without its EXIF (GPS) metadata', async () => {
    const photo = await solid(64, 48)
      .jpeg()
      .withExifMerge({
        IFD0: { Make: 'PhoneMaker', Model: 'Spy 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '6/1 27/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '3/1 23/1 0/1',
        },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(photo.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const out = await processImage(photo, { maxWidth: 512, maxHeight: 512 });
    expect(out.contentType).toBe('image/webp');
    expect(detectImageType(out.body)).toBe('image/webp');
    const after = await sharp(out.body).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.body.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('shrinks to fit inside the box, keeping the aspect ratio', async () => {
    const big = await solid(1200, 600).png().toBuffer();
    const out = await processImage(big, { maxWidth: 400, maxHeight: 400 });
    expect(out).toMatchObject({ width: 400, height: 200 });
    const meta = await sharp(out.body).metadata();
    expect([meta.width, meta.height]).toEqual([400, 200]);
  });

  it('never enlarges a small image', async () => {
    const out = await processImage(png, { maxWidth: 400, maxHeight: 400 });
    expect(out).toMatchObject({ width: 8, height: 8 });
  });

  it('turns the picture upright from its EXIF orientation', async () => {
    // Stored 60×20, tagged "rotate 90° clockwise to display": upright it is 20×60.
    const sideways = await solid(60, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const out = await processImage(sideways, { maxWidth: 1000, maxHeight: 1000 });
    expect(out).toMatchObject({ width: 20, height: 60 });
    expect((await sharp(out.body).metadata()).orientation).toBeUndefined();
  });

  it('refuses unknown types with a 415 AppError', async () => {
    for (const input of [svg, html, pdf]) {
      const error = await processImage(input, { maxWidth: 100, maxHeight: 100 }).catch((e) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        status: 415,
        message: 'Please choose a PNG, JPEG, WebP or GIF image.',
      });
    }
  });

  it('refuses a damaged image with a clear error', async () => {
    const big = await solid(300, 300).png({ compressionLevel: 0 }).toBuffer();
    const truncated = big.subarray(0, Math.floor(big.length / 2));
    expect(detectImageType(truncated)).toBe('image/png');
    const error = await processImage(truncated, { maxWidth: 100, maxHeight: 100 }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(error.message).toMatch(/could not be read/);
  });
});

/** A resolved promise and a way to settle it later: a task that holds its slot until told. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
}

// 6300 × 6300 = 39.7 megapixels in about 120 KB: over 100 MB once decoded.
const bomb = await sharp({
  create: { width: 6300, height: 6300, channels: 3, background: '#fff' },
})
  .png({ compressionLevel: 9 })
  .toBuffer();

describe('decompression limits', () => {
  it('allows 24 megapixels unless told less', () => {
    expect(MAX_INPUT_PIXELS).toBe(24_000_000);
    expect(IMAGE_WORK_CONCURRENCY).toBe(2);
  });

  it('refuses a tiny file of huge dimensions with 400, naming the size, the cap and the field', async () => {
    expect(bomb.length).toBeLessThan(200 * 1024);
    for (const attempt of [
      () => processImage(bomb, { maxWidth: 512, maxHeight: 512 }),
      () => processImageSizes(bomb, [400, 800, 1200]),
      () => assertImageWithinLimits(bomb),
    ]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'VALIDATION',
        status: 400,
        message:
          'This image is too large (6300 × 6300 pixels). Please choose one of at most 24 megapixels.',
        errors: {
          image:
            'This image is too large (6300 × 6300 pixels). Please choose one of at most 24 megapixels.',
        },
      });
    }
    const logo = await processImage(bomb, { maxWidth: 512, maxHeight: 512 }, { field: 'logo' })
      .then(() => undefined)
      .catch((caught: AppError) => caught.errors);
    expect(Object.keys(logo ?? {})).toEqual(['logo']);
  });

  it('applies a lower cap when given one, with the dimensions upright', async () => {
    // 3300 × 4900 upright (stored 4900 × 3300, EXIF "turn 90°"): 16.17 megapixels.
    const sideways = await solid(4900, 3300).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const error = await processImageSizes(sideways, [400], {
      maxPixels: 16_000_000,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 400,
      message:
        'This image is too large (3300 × 4900 pixels). Please choose one of at most 16 megapixels.',
    });
    // The general cap lets the same photo through.
    const sizes = await processImageSizes(sideways, [400]);
    expect(sizes.map((size) => [size.width, size.height])).toEqual([[400, 594]]);
  });

  it('refuses from the header alone, without waiting for a decoding slot', async () => {
    const holders = Array.from({ length: IMAGE_WORK_CONCURRENCY }, () => gate());
    const held = holders.map((holder) => imageWork.run(() => holder.opened));
    try {
      expect(imageWork.active).toBe(IMAGE_WORK_CONCURRENCY);
      const refused = processImage(bomb, { maxWidth: 100, maxHeight: 100 }).catch(
        (caught: unknown) => caught,
      );
      expect(await settled(refused)).toBe(true);
      expect(await refused).toMatchObject({ status: 400 });
    } finally {
      for (const holder of holders) holder.open();
      await Promise.all(held);
    }
  });

  it('decodes only in a slot of the process-wide limit, waiting for one when all are taken', async () => {
    const holders = Array.from({ length: IMAGE_WORK_CONCURRENCY }, () => gate());
    const held = holders.map((holder) => imageWork.run(() => holder.opened));
    const single = processImage(png, { maxWidth: 100, maxHeight: 100 });
    const sizes = processImageSizes(png, [400]);
    try {
      expect(await settled(single)).toBe(false);
      expect(await settled(sizes)).toBe(false);
      expect(imageWork.waiting).toBe(2);
    } finally {
      for (const holder of holders) holder.open();
      await Promise.all(held);
    }
    expect((await single).width).toBe(8);
    expect((await sizes).map((size) => size.width)).toEqual([8]);
    expect(imageWork.active).toBe(0);
  });

  it('keeps no libvips cache and one libvips thread per image', () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
    expect(sharp.concurrency()).toBe(1);
  });
});

describe('Semaphore', () => {
  it('never runs more than its limit at once, and runs every task in order of arrival', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 10 }, (_, index) =>
      semaphore.run(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5 + (index % 3) * 5));
        running -= 1;
        return index;
      }),
    );
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([semaphore.active, semaphore.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('broken')))).rejects.toThrow(
      'broken',
    );
    expect(await semaphore.run(async () => 'next')).toBe('next');
    expect(semaphore.active).toBe(0);
  });
});

describe('processImageSizes', () => {
  it('makes each width the image is wide enough for, upright, as WebP without metadata', async () => {
    // 1000 x 600 stored on its side: EXIF orientation 6 says "turn it upright".
    const sideways = await solid(1000, 600)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'GPS 6.45N 3.39E' } } })
      .toBuffer();
    const sizes = await processImageSizes(sideways, [400, 800, 1200]);
    // Upright it is 600 wide: 400, then its own 600 (never enlarged to 800 or 1200).
    expect(sizes.map((size) => [size.width, size.height])).toEqual([
      [400, 667],
      [600, 1000],
    ]);
    for (const size of sizes) {
      expect(detectImageType(size.body)).toBe('image/webp');
      const meta = await sharp(size.body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('answers 415 for bytes that are not a readable image', async () => {
    for (const input of [html, svg, pdf]) {
      const error = await processImageSizes(input, [400]).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(415);
    }
  });

  it('decodes straight to the largest width wanted, the same sizes as before', async () => {
    const wide = await solid(4000, 3000).jpeg().toBuffer();
    const sizes = await processImageSizes(wide, [400, 800, 1200]);
    expect(sizes.map((size) => [size.width, size.height])).toEqual([
      [400, 300],
      [800, 600],
      [1200, 900],
    ]);
  });
});
