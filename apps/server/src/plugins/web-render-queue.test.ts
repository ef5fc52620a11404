import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { PAGES_RENDERED_AT_ONCE, webBuildExists } from './web.ts';
import { isInProcessCall } from './web-api-call.ts';

/**
 * Pages are rendered a few at a time, first come first served (PAGES_RENDERED_AT_ONCE): the
 * others wait their turn rather than all holding their data at once.
 */
describe.skipIf(!webBuildExists())('pages rendered at once', () => {
  let t: TestApp;
  /** In-process API calls under way, by the page request that made them. */
  const callsOfPage = new Map<string, number>();
  let mostPagesAtOnce = 0;
  beforeAll(async () => {
    t = await createTestApp({
      web: true,
      setup(app) {
        // A page is being rendered while its loaders' API calls are under way.
        app.addHook('onRequest', async (request) => {
          if (!isInProcessCall(request)) return;
          const page = String(request.headers['x-request-id']);
          callsOfPage.set(page, (callsOfPage.get(page) ?? 0) + 1);
          mostPagesAtOnce = Math.max(mostPagesAtOnce, callsOfPage.size);
        });
        app.addHook('onResponse', async (request) => {
          if (!isInProcessCall(request)) return;
          const page = String(request.headers['x-request-id']);
          const left = (callsOfPage.get(page) ?? 1) - 1;
          if (left === 0) callsOfPage.delete(page);
          else callsOfPage.set(page, left);
        });
      },
    });
  });
  afterAll(() => t?.close());

  it('renders at most a few pages at once; the others wait their turn and are all answered', async () => {
    const member = await createSignedInUser(t, { firstName: 'Queued' });
    const pages = await Promise.all(
      Array.from({ length: 3 * PAGES_RENDERED_AT_ONCE }, () =>
        t.app.inject({
          method: 'GET',
          url: '/',
          headers: { cookie: `accessToken=${member.accessToken}` },
        }),
      ),
    );
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Queued Okafor');
    }
    expect(mostPagesAtOnce).toBeGreaterThan(0);
    expect(mostPagesAtOnce).toBeLessThanOrEqual(PAGES_RENDERED_AT_ONCE);
  });
});
