import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { type HttpAnswer, httpRequest } from '../test/http.ts';

// Real connections: X-Forwarded-For is read against the socket's peer address, which inject()
// only imitates. The clients connect from 127.0.0.1 or 127.0.0.2 (both loopback on Linux).

interface From {
  /** The address this connection comes from (the peer the server sees). */
  localAddress?: string;
  forwardedFor?: string;
}

function send(
  t: { port: number },
  method: 'GET' | 'POST',
  path: string,
  from: From,
  payload?: object,
): Promise<HttpAnswer> {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return httpRequest(t.port, path, {
    method,
    localAddress: from.localAddress ?? '127.0.0.1',
    headers: {
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body } : {}),
  });
}

/** The address the server reads for this request, and the key its limits count it under. */
async function seenAs(t: { port: number }, from: From) {
  const answer = await send(t, 'GET', '/test/client', from);
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body) as { ip: string; clientKey: string };
}

async function listening(trustProxy: string | undefined) {
  const t: TestApp = await createTestApp({
    env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy },
    setup: (app) => {
      app.get('/test/client', async (request) => ({
        ip: request.ip,
        clientKey: request.clientKey,
      }));
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...t, port: (t.app.server.address() as AddressInfo).port };
}

const message = {
  email: 'ngozi.eze@example.ng',
  firstName: 'Ngozi',
  lastName: 'Eze',
  phone: '0803 123 4567',
  message: 'I would like to volunteer as a patient advocate in Enugu.',
};

describe('without TRUST_PROXY', () => {
  let t: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    t = await listening(undefined);
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: the peer is the client', async () => {
    expect(await seenAs(t, { forwardedFor: '203.0.113.9' })).toEqual({
      ip: '127.0.0.1',
      clientKey: '127.0.0.1',
    });
  });
});

describe('TRUST_PROXY=1 (one load balancer in front)', () => {
  let t: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    t = await listening('1');
  });
  afterAll(() => t.close());

  it('reads the address the proxy added (rightmost), never the one the client wrote', async () => {
    // The client sent "X-Forwarded-For: 203.0.113.9"; the proxy appended the real peer.
    expect(await seenAs(t, { forwardedFor: '203.0.113.9, 198.51.100.7' })).toEqual({
      ip: '198.51.100.7',
      clientKey: '198.51.100.7',
    });
    expect((await seenAs(t, { forwardedFor: '198.51.100.7' })).ip).toBe('198.51.100.7');
    // A request without the header is the proxy's own.
    expect((await seenAs(t, {})).ip).toBe('127.0.0.1');
  });

  it('counts a client that forges a new leftmost address each time as one (contact limit)', async () => {
    for (let i = 1; i <= 5; i++) {
      const answer = await send(
        t,
        'POST',
        '/api/v1/contact-us',
        { forwardedFor: `203.0.113.${i}, 198.51.100.20` },
        message,
      );
      expect(answer.status, answer.body).toBe(200);
    }
    const sixth = await send(
      t,
      'POST',
      '/api/v1/contact-us',
      { forwardedFor: '192.0.2.200, 198.51.100.20' },
      message,
    );
    expect(sixth.status, sixth.body).toBe(429);
    // Another client behind the same proxy is counted on its own.
    const other = await send(
      t,
      'POST',
      '/api/v1/contact-us',
      { forwardedFor: '192.0.2.200, 198.51.100.21' },
      message,
    );
    expect(other.status, other.body).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    const one = await seenAs(t, { forwardedFor: '203.0.113.9, 2001:db8:7:8::1' });
    const two = await seenAs(t, { forwardedFor: '2001:db8:7:8:ffff:1:2:3' });
    expect(one).toEqual({ ip: '2001:db8:7:8::1', clientKey: '2001:db8:7:8::/64' });
    expect(two.clientKey).toBe(one.clientKey);
  });
});

describe('TRUST_PROXY as a list of the proxies’ addresses', () => {
  let t: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    // The load balancer at 127.0.0.2, and a CDN in front of it with addresses in 198.51.100.0/24.
    t = await listening('127.0.0.2, 198.51.100.0/24');
  });
  afterAll(() => t.close());

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    expect(
      await seenAs(t, { localAddress: '127.0.0.1', forwardedFor: '203.0.113.9, 198.51.100.7' }),
    ).toEqual({ ip: '127.0.0.1', clientKey: '127.0.0.1' });
  });

  it('skips exactly the listed proxies, whatever the client wrote before them', async () => {
    const through = (forwardedFor: string) =>
      seenAs(t, { localAddress: '127.0.0.2', forwardedFor });
    expect((await through('203.0.113.9, 198.51.100.7')).ip).toBe('203.0.113.9');
    expect((await through('192.0.2.1, 203.0.113.9, 198.51.100.7')).ip).toBe('203.0.113.9');
    // Straight to the load balancer, past the CDN.
    expect((await through('192.0.2.1, 203.0.113.9')).ip).toBe('203.0.113.9');
    expect((await seenAs(t, { localAddress: '127.0.0.2' })).ip).toBe('127.0.0.2');
  });
});
