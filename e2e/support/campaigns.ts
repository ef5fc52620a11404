import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { limits } from '@ipatient/contracts/constants';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { emailedCode, fillLogin, type NewMember, newMember } from './accounts.ts';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

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

/** A real PNG just over the SPEC §9 limit of 850 KB. */
export function oversizedPng(): Buffer {
  const image = pngImage(640, 480, 'noise');
  expect(image.length).toBeGreaterThan(limits.imageMaxBytes);
  return image;
}

/** A small cover photo (16:9) that the server accepts and re-encodes. */
export function coverPng(): Buffer {
  return pngImage(320, 180);
}

/**
 * A new member, signed up through the API (code read from the local outbox) and signed in on
 * `page` through the login form, which then goes to `redirectTo`.
 */
export async function signUpMember(request: APIRequestContext, tag: string): Promise<NewMember> {
  const member = newMember(tag);
  const signUp = await request.post('/api/v1/sign-up', {
    data: {
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      phone: member.phone,
      password: member.password,
      isAdvocate: false,
      acceptTerms: true,
    },
  });
  expect(signUp.status(), await signUp.text()).toBeLessThan(300);
  const code = await emailedCode(request, member.email, 6);
  const verify = await request.post('/api/v1/validate-signup-otp', {
    data: { email: member.email, emailOtp: code },
  });
  expect(verify.status(), await verify.text()).toBeLessThan(300);
  return member;
}

/** Logs in on /login?redirectTo=… (where a members-only page sent the visitor). */
export async function logInFromRedirect(page: Page, member: NewMember, path: string) {
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirectTo') === path,
  );
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL((url) => url.pathname === path);
}
