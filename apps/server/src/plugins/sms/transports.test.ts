import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakePaystack } from '../../../test/fake-paystack.ts';
import { freePort } from '../../../test/mail-worker-suite.ts';
import { createTermiiProvider, SmsSendError } from './transports.ts';

type Answer = { status: number; body: unknown } | 'hang';
let next: Answer = { status: 200, body: {} };

/** A stand-in for api.ng.termii.com on loopback: it records each call and gives `next`. */
const termii = fakePaystack((_call, response) => {
  if (next === 'hang') return;
  response.writeHead(next.status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(next.body));
});

beforeAll(() => termii.start());
afterAll(() => termii.stop());

const options = () => ({
  apiKey: 'TL-test-key',
  senderId: 'iPatient',
  channel: 'dnd' as const,
  baseUrl: termii.baseUrl,
});

const message = { to: '+2348031234567', text: 'iPatient code: 7KQ2MB.', kind: 'code' as const };

async function failureOf(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('Termii provider', () => {
  it('posts the message as Termii asks and returns its message id', async () => {
    next = {
      status: 200,
      body: {
        code: 'ok',
        message_id: '3017544054459493849',
        message: 'Successfully Sent',
        balance: 9,
        user: 'iPatient',
      },
    };
    const provider = createTermiiProvider(options());
    const before = termii.seen.length;
    expect(await provider.send(message)).toEqual({ providerMessageId: '3017544054459493849' });
    const call = termii.seen[before];
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/api/sms/send');
    expect(call?.body).toEqual({
      api_key: 'TL-test-key',
      to: '2348031234567',
      from: 'iPatient',
      sms: 'iPatient code: 7KQ2MB.',
      type: 'plain',
      channel: 'dnd',
    });
    expect(provider.name).toBe('termii');
  });

  it('uses the generic channel when configured', async () => {
    next = { status: 200, body: { message_id: 42 } };
    const provider = createTermiiProvider({ ...options(), channel: 'generic' });
    expect(await provider.send(message)).toEqual({ providerMessageId: '42' });
    expect(termii.seen.at(-1)?.body).toMatchObject({ channel: 'generic' });
  });

  it('reports an error answer as not accepted, with its reason and never the key', async () => {
    next = { status: 400, body: { message: 'Insufficient balance' } };
    const error = await failureOf(createTermiiProvider(options()).send(message));
    expect(error.notAccepted).toBe(true);
    expect(error.message).toBe('Termii refused the message: HTTP 400: Insufficient balance');
    expect(error.message).not.toContain('TL-test-key');

    next = { status: 503, body: 'busy' };
    const busy = await failureOf(createTermiiProvider(options()).send(message));
    expect(busy.notAccepted).toBe(true);
    expect(busy.message).toMatch(/HTTP 503/);
  });

  it('reports a refused connection as not accepted', async () => {
    const port = await freePort();
    const error = await failureOf(
      createTermiiProvider({ ...options(), baseUrl: `http://127.0.0.1:${port}` }).send(message),
    );
    expect(error.notAccepted).toBe(true);
    expect(error.message).toMatch(/could not be reached \(ECONNREFUSED\)/);
  });

  it('reports no answer in time as an unknown outcome (not to be retried)', async () => {
    next = 'hang';
    const error = await failureOf(
      createTermiiProvider({ ...options(), timeoutMs: 300 }).send(message),
    );
    expect(error.notAccepted).toBe(false);
    expect(error.message).toMatch(/no answer from Termii/);
    termii.dropConnections();
  });
});
