import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createApiCall } from './web.ts';

/**
 * The web app's loaders and actions reach the API through createApiCall, as the user of the
 * page request: these are the guarantees they rely on.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    setup(app) {
      app.all('/api/v1/test/echo', async (request, reply) => {
        reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
        return {
          message: 'echo',
          method: request.method,
          cookie: request.headers.cookie ?? null,
          ip: request.ip,
          requestId: request.id,
          body: request.body ?? null,
        };
      });
      // A page route standing in for the web app's catch-all: it calls the API in-process.
      app.get('/page', async (request) => {
        const call = createApiCall(app, request);
        const read = await call('/test/echo');
        const write = await call('/test/echo', { method: 'POST', body: { name: 'Ada' } });
        const missing = await call('/no-such-route');
        return { read, write, missing };
      });
    },
  });
});
afterAll(() => t.close());

describe('createApiCall', () => {
  it("calls /api/v1 as the page's user: cookies, client address and request id", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/page',
      headers: { cookie: 'accessToken=abc; cookie_consent=x', 'x-request-id': 'page-req-1' },
      remoteAddress: '102.89.10.20',
    });
    expect(response.statusCode).toBe(200);
    const { read, write, missing } = response.json();
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      method: 'GET',
      cookie: 'accessToken=abc; cookie_consent=x',
      ip: '102.89.10.20',
      requestId: 'page-req-1',
    });
    expect(read.setCookies).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(write.body).toMatchObject({ method: 'POST', body: { name: 'Ada' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});
