import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { campaigns, eq } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import {
  cover,
  createMembers,
  submitCampaign,
  uploadedFiles,
  validCampaignFields,
} from '../../../test/campaigns.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { AppError } from '../errors.ts';
import { paystackBankLookup } from './bank-lookup.ts';

const SECRET = 'sk_test_xxx';

interface SeenRequest {
  method: string | undefined;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

type Answer = (response: http.ServerResponse) => void;

/** A stand-in for api.paystack.co on loopback: answers with whatever the test sets. */
let answer: Answer;
const seen: SeenRequest[] = [];
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://paystack.test');
  seen.push({
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    authorization: request.headers.authorization,
  });
  answer(response);
});
let baseUrl: string;

function json(status: number, body: unknown): Answer {
  return (response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}

const resolved = (name: string, accountNumber = '0123456789') =>
  json(200, {
    status: true,
    message: 'Account number resolved',
    data: { account_number: accountNumber, account_name: name, bank_id: 9 },
  });
const unknownAccount = json(422, {
  status: false,
  message: 'Could not resolve account name. Check parameters or try again.',
});
/** Never answers: the request hangs until the client gives up. */
const silence: Answer = () => {};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  answer = resolved('ADAEZE CHIOMA OKAFOR');
});

/** The AppError a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('paystackBankLookup', () => {
  const logged: { message: string; detail: Record<string, unknown> }[] = [];
  const lookup = (timeoutMs?: number) =>
    paystackBankLookup({
      secretKey: SECRET,
      baseUrl,
      ...(timeoutMs ? { timeoutMs } : {}),
      log: (message, detail) => logged.push({ message, detail }),
    });

  it('asks GET /bank/resolve with the secret key and returns the name Paystack gives', async () => {
    const result = await lookup().resolve('058', '0123456789');
    expect(result).toEqual({
      accountName: 'ADAEZE CHIOMA OKAFOR',
      accountNumber: '0123456789',
      bankCode: '058',
      bank: 'Guaranty Trust Bank',
      provider: 'paystack',
      checkDigitMatches: expect.any(Boolean),
    });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/bank/resolve');
    expect(request?.query.get('account_number')).toBe('0123456789');
    expect(request?.query.get('bank_code')).toBe('058');
    expect(request?.authorization).toBe(`Bearer ${SECRET}`);
  });

  it('turns "could not resolve" (422) into a 400 on accountNumber', async () => {
    answer = unknownAccount;
    const error = await failure(lookup().resolve('058', '0123456789'));
    expect(error.status).toBe(400);
    expect(error.errors?.accountNumber).toMatch(
      /could not find this account at Guaranty Trust Bank/,
    );
  });

  it('gives up after the timeout with 503', async () => {
    answer = silence;
    const started = Date.now();
    const error = await failure(lookup(200).resolve('058', '0123456789'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error.status).toBe(503);
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toMatch(/couldn't reach the bank/);
    server.closeAllConnections();
  }, 5000);

  it.each([
    ['a server error', json(500, { status: false, message: 'Internal error' })],
    [
      'a bad gateway page',
      (response: http.ServerResponse) => {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<html>Bad gateway</html>');
      },
    ],
    ['a refused key', json(401, { status: false, message: 'Invalid key' })],
    ['a 200 without a name', json(200, { status: true, data: {} })],
  ])('answers 503 on %s', async (_label, reply) => {
    answer = reply;
    logged.length = 0;
    const error = await failure(lookup().resolve('058', '0123456789'));
    expect(error.status).toBe(503);
    expect(logged.length).toBeGreaterThan(0);
    // The secret key never reaches the log.
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });

  it('answers 503 when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = paystackBankLookup({ secretKey: SECRET, baseUrl: `http://127.0.0.1:${port}` });
    expect((await failure(offline.resolve('058', '0123456789'))).status).toBe(503);
  });

  it('refuses a bank that is not in the list without asking Paystack', async () => {
    const error = await failure(lookup().resolve('999', '0123456789'));
    expect(error.status).toBe(400);
    expect(error.errors).toHaveProperty('bankCode');
    expect(seen).toHaveLength(0);
  });
});

describe('the API with PAYSTACK_SECRET_KEY set', () => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: baseUrl },
    });
    [user] = (await createMembers(t, 1)) as [SignedInUser];
  });
  afterAll(() => t.close());

  const verify = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/verify-bank-account',
      headers: user.headers,
      payload: { accountNumber: '0123456789', bankCode: '058' },
    });

  it('verifies accounts through Paystack', async () => {
    const response = await verify();
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      accountName: 'ADAEZE CHIOMA OKAFOR',
      provider: 'paystack',
      bank: 'Guaranty Trust Bank',
    });
    expect(seen[0]?.authorization).toBe(`Bearer ${SECRET}`);
  });

  it('answers 400 on accountNumber for an account Paystack cannot resolve', async () => {
    answer = unknownAccount;
    const response = await verify();
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('accountNumber');
  });

  it('answers 503 with a clear message when Paystack fails', async () => {
    answer = json(503, { status: false, message: 'Service unavailable' });
    const response = await verify();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: "We couldn't reach the bank to check this account. Please try again in a minute.",
    });
  });

  it('stores the name Paystack resolved on a new campaign', async () => {
    answer = resolved('BABATUNDE OLUWASEUN ADEYEMI');
    const response = await submitCampaign(
      t,
      user,
      validCampaignFields({ accountName: 'WHATEVER THE CLIENT SAYS' }),
      await cover(),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().result.accountName).toBe('BABATUNDE OLUWASEUN ADEYEMI');
    const [row] = await t.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, response.json().result._id));
    expect(row).toMatchObject({
      accountName: 'BABATUNDE OLUWASEUN ADEYEMI',
      bankLookupProvider: 'paystack',
    });
  });

  it('refuses a campaign with 503 while Paystack is down, storing nothing', async () => {
    answer = json(500, { status: false, message: 'Internal error' });
    const [organiser] = (await createMembers(t, 1)) as [SignedInUser];
    const before = uploadedFiles(t);
    const response = await submitCampaign(t, organiser, validCampaignFields(), await cover());
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('UNAVAILABLE');
    expect(
      await t.database.db.select().from(campaigns).where(eq(campaigns.userId, organiser.id)),
    ).toHaveLength(0);
    expect(uploadedFiles(t)).toEqual(before);
  });
});

describe('the API with PAYMENTS=sandbox beside a key', () => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: baseUrl, PAYMENTS: 'sandbox' },
    });
    [user] = (await createMembers(t, 1)) as [SignedInUser];
  });
  afterAll(() => t.close());

  it('resolves names in the sandbox, as payments do, and never asks Paystack', async () => {
    expect(t.app.payments.provider).toBe('sandbox');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/verify-bank-account',
      headers: user.headers,
      payload: { accountNumber: '0123456789', bankCode: '058' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.provider).toBe('sandbox');
    expect(seen).toHaveLength(0);
  });
});
