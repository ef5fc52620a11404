import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../plugins/errors.ts';
import { detectDocumentType, detectImageType, processImage, processImageSizes } from './images.ts';

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

  it('refuses images of more than 40 megapixels before decoding them', async () => {
    // 8000×6000 = 48 megapixels, a few kilobytes on the wire.
    const huge = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const error = await processImage(huge, { maxWidth: 100, maxHeight: 100 }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toMatch(/40 megapixels/);
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
    const error = await processImageSizes(html, [400]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(415);
  });
});
