import { banks, campaignLimits } from '@ipatient/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers } from '../../../test/campaigns.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;
/** A network address of the test's own, so per-address limits never leak between tests. */
function newAddress(): string {
  addressCounter += 1;
  return `10.20.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function verify(user: SignedInUser | undefined, payload: object, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/verify-bank-account',
    payload,
    headers: user?.headers ?? {},
    remoteAddress,
  });
}

async function member(): Promise<SignedInUser> {
  const [user] = await createMembers(t, 1);
  if (!user) throw new Error('no member');
  return user;
}

describe('GET /banks', () => {
  it('lists every bank as {id, name, code}, sorted by name, to visitors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/banks' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/public/);
    const results: { id: string; name: string; code: string }[] = response.json().results;
    expect(results).toHaveLength(banks.length);
    for (const bank of results) expect(Object.keys(bank).sort()).toEqual(['code', 'id', 'name']);
    const names = results.map((bank) => bank.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(results.map((bank) => bank.code)).size).toBe(results.length);
    expect(results).toContainEqual({
      id: 'guaranty-trust-bank',
      name: 'Guaranty Trust Bank',
      code: '058',
    });
    expect(results).toContainEqual(
      expect.objectContaining({ name: 'First Bank of Nigeria', code: '011' }),
    );
  });
});

describe('POST /verify-bank-account', () => {
  it('needs a signed-in user', async () => {
    const response = await verify(undefined, { accountNumber: '0123456789', bankCode: '058' });
    expect(response.statusCode).toBe(401);
  });

  it('resolves a stable sandbox name with the bank from the list', async () => {
    const user = await member();
    const ip = newAddress();
    const first = await verify(user, { accountNumber: '0123456789', bankCode: '058' }, ip);
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json().result;
    expect(result).toMatchObject({
      accountNumber: '0123456789',
      bankCode: '058',
      bank: 'Guaranty Trust Bank',
      provider: 'sandbox',
    });
    expect(result.accountName).toMatch(/^[A-Z]+ [A-Z]+ [A-Z]+$/);
    const again = await verify(user, { accountNumber: ' 0123456789 ', bankCode: '058' }, ip);
    expect(again.json().result.accountName).toBe(result.accountName);
    // Another user asking about the same account sees the same name.
    const other = await verify(
      await member(),
      { accountNumber: '0123456789', bankCode: '058' },
      ip,
    );
    expect(other.json().result.accountName).toBe(result.accountName);
    // Different accounts get different names (not one fixed demo name).
    const names = new Set<string>();
    for (const accountNumber of ['1029384756', '5647382910', '2233445566', '9081726354']) {
      names.add(
        (await verify(user, { accountNumber, bankCode: '058' }, ip)).json().result.accountName,
      );
    }
    expect(names.size).toBeGreaterThan(1);
  });

  it('hints whether the NUBAN check digit matches, without refusing', async () => {
    const user = await member();
    const ip = newAddress();
    // The CBN's worked example: 000001457 at First Bank (011) has check digit 9.
    const good = await verify(user, { accountNumber: '0000014579', bankCode: '011' }, ip);
    expect(good.statusCode).toBe(200);
    expect(good.json().result).toMatchObject({
      checkDigitMatches: true,
      bank: 'First Bank of Nigeria',
    });
    const bad = await verify(user, { accountNumber: '0000014578', bankCode: '011' }, ip);
    expect(bad.statusCode).toBe(200);
    expect(bad.json().result.checkDigitMatches).toBe(false);
    expect(bad.json().result.accountName).toMatch(/\w/);
  });

  it('answers 400 on accountNumber for an account the sandbox does not know', async () => {
    const user = await member();
    for (const accountNumber of ['0000000000', '7777777777']) {
      const response = await verify(user, { accountNumber, bankCode: '058' }, newAddress());
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.accountNumber).toMatch(/Guaranty Trust Bank/);
    }
  });

  it.each([
    ['accountNumber', { accountNumber: '012345678', bankCode: '058' }],
    ['accountNumber', { accountNumber: '01234567890', bankCode: '058' }],
    ['accountNumber', { accountNumber: '01234s6789', bankCode: '058' }],
    ['accountNumber', { bankCode: '058' }],
    ['bankCode', { accountNumber: '0123456789', bankCode: '999' }],
    ['bankCode', { accountNumber: '0123456789', bankCode: '' }],
    ['bankCode', { accountNumber: '0123456789' }],
  ])('refuses a bad %s (%j) with 400', async (field, payload) => {
    const response = await verify(await member(), payload, newAddress());
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it(`allows ${campaignLimits.bankLookupsPerHour} checks an hour per user, then 429`, async () => {
    const user = await member();
    const ip = newAddress();
    const payload = { accountNumber: '0123456789', bankCode: '058' };
    for (let i = 0; i < campaignLimits.bankLookupsPerHour; i++) {
      expect((await verify(user, payload, ip)).statusCode).toBe(200);
    }
    const refused = await verify(user, payload, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // From another address too: the limit is the user's.
    expect((await verify(user, payload, newAddress())).statusCode).toBe(429);
    // Someone else on the same network is not affected.
    expect((await verify(await member(), payload, ip)).statusCode).toBe(200);
  });

  it('limits checks per network address across users (100 an hour)', async () => {
    const users = await createMembers(t, 5);
    const ip = newAddress();
    const payload = { accountNumber: '0123456789', bankCode: '058' };
    for (const user of users.slice(0, 4)) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => verify(user, payload, ip)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(25).fill(200));
    }
    const refused = await verify(users[4], payload, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/network/);
    expect((await verify(users[4], payload, newAddress())).statusCode).toBe(200);
  });
});
