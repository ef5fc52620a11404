import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { limits } from '@ipatient/contracts/constants';
import { expect, type Page } from '@playwright/test';
import { fillLogin, type NewMember, pngChunk } from './accounts.ts';

/**
 * A valid RGB PNG made in the test (no fixture files). `noise` fills it with random pixels,
 * which do not compress: the way to get a real image of a chosen size.
 */
export function pngImage(width: number, height: number, fill: 'solid' | 'noise' = 'solid'): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const pixels =
      fill === 'noise'
        ? randomBytes(width * 3)
        : Buffer.from(Array.from({ length: width }, () => [20, 100 + (y % 100), 69]).flat());
    rows.push(Buffer.from([0]), pixels);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG just over the docs/product.md#campaigns limit of 850 KB. */
export function oversizedPng(): Buffer {
  const image = pngImage(640, 480, 'noise');
  expect(image.length).toBeGreaterThan(limits.imageMaxBytes);
  return image;
}

/** A small cover photo (16:9) that the server accepts and re-encodes. */
export function coverPng(): Buffer {
  return pngImage(320, 180);
}

/** Logs in on /login?redirectTo=… (where a members-only page sent the visitor). */
export async function logInFromRedirect(page: Page, member: NewMember, path: string) {
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirectTo') === path,
  );
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL((url) => url.pathname === path);
}
