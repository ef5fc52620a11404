import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { settleAnimations } from './a11y-audit.ts';

/** An address no other test or run uses. */
export function uniqueEmail(tag: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `e2e-${tag}-${Date.now()}-${random}@example.com`;
}

export const strongPassword = 'Harmattan2025x';

export interface NewMember {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  password: string;
}

export function newMember(tag: string): NewMember {
  return {
    firstName: 'Amaka',
    lastName: `Okafor${tag.replace(/[^a-z]/gi, '')}`,
    phone: '0803 123 4567',
    email: uniqueEmail(tag),
    password: strongPassword,
  };
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/**
 * The newest code of `length` characters emailed to `email`, read from the local outbox
 * (GET /dev/outbox.json, local mode only), without the dash a long code is shown with
 * (ABCDE-FGHJK). `after` skips codes that were already used.
 */
export async function emailedCode(
  request: APIRequestContext,
  email: string,
  length: number,
  after?: string,
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return '';
        const messages = (await response.json()) as OutboxMessage[];
        for (const message of messages) {
          const shown = /code: ([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)/.exec(message.text)?.[1];
          const found = shown?.replaceAll('-', '');
          if (found?.length === length) {
            code = found === after ? '' : found;
            break;
          }
        }
        return code;
      },
      { message: `a ${length}-character code emailed to ${email}` },
    )
    .not.toBe('');
  return code;
}

/**
 * The page the newest password reset email links to (its path and query: the form with the
 * address and the code filled in), read from the local outbox.
 */
export async function emailedResetLink(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return '';
        const messages = (await response.json()) as OutboxMessage[];
        const found = messages
          .map((message) => /(https?:\/\/\S+\/verify-password\?\S+)/.exec(message.text)?.[1])
          .find(Boolean);
        if (found) {
          const url = new URL(found);
          link = `${url.pathname}${url.search}`;
        }
        return link;
      },
      { message: `a password reset link emailed to ${email}` },
    )
    .not.toBe('');
  return link;
}

/** Violations that would block or seriously hinder someone (axe impact serious or critical). */
export async function expectNoSeriousA11yViolations(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious, `accessibility of ${page.url()}`).toEqual([]);
}

/** One chunk of a PNG file (length, type, data, CRC). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small solid-colour PNG, made in the test (no fixture files). */
export function tinyPng(size = 16, rgb: [number, number, number] = [20, 100, 69]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array(size).fill(row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Fills the sign-up form (docs/product.md#accounts) and registers. */
export async function fillSignUp(page: Page, member: NewMember, options = { advocate: false }) {
  const main = page.getByRole('main');
  await main.getByLabel('First name').fill(member.firstName);
  await main.getByLabel('Last name').fill(member.lastName);
  await main.getByLabel('Phone number').fill(member.phone);
  await main.getByLabel('Email').fill(member.email);
  await main.getByLabel('Password', { exact: true }).fill(member.password);
  if (options.advocate) await main.getByLabel('Volunteer as a Patient Advocate?').check();
  await main.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await main.getByRole('button', { name: 'Register' }).click();
}

/** The six code boxes of /verify. */
export function codeBoxes(page: Page) {
  return page.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
}

/** Logs in on the page that is open (/login). */
export async function fillLogin(page: Page, email: string, password: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Log In' }).click();
}

/** The header's user menu toggle (a <summary>: found by its text, see ADR 002). */
export function userMenuToggle(page: Page, name: string) {
  return page.getByRole('banner').locator('summary').filter({ hasText: name });
}
