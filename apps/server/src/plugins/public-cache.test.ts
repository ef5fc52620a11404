import fs from 'node:fs';
import zlib from 'node:zlib';
import { campaigns, podcastEpisodes } from '@ipatient/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../test/accounts.ts';
import { createLiveCampaign, createMembers } from '../../test/campaigns.ts';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../../test/helpers.ts';
import { insertEpisodeRow } from '../../test/podcasts.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { CSRF_TOKEN_PATTERN } from '../lib/csrf-token.ts';
import {
  acceptsGzip,
  createPublicCache,
  createSharedReads,
  cutAtSlots,
  fillSlots,
  forgetPublicAnswers,
  gzipAround,
  isAnonymousRequest,
  leadersAnswer,
  PUBLIC_CACHE_TTL_MS,
  SHARED_READ_KEPT_MS,
} from './public-cache.ts';
import { webBuildExists } from './web.ts';

/** A promise with its resolve function, to finish a making of an answer when the test says. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('createPublicCache', () => {
  it('forgets an entry once its time is up, and the least recently used first when full', async () => {
    let now = 1000;
    const cache = createPublicCache<string>({ sizeOf: (value) => value.length, now: () => now });
    cache.set('a', 'A');
    now += PUBLIC_CACHE_TTL_MS;
    expect(cache.get('a')).toBe('A');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    for (let i = 0; i < 1001; i++) cache.set(`k${i}`, String(i));
    expect(cache.size).toBe(1000);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k1000')).toBe('1000');
  });

  it('makes an answer once per key: the others wait for it, or go on without it', async () => {
    const cache = createPublicCache<string>({ sizeOf: (value) => value.length });
    let made = 0;
    const making = deferred<string | undefined>();
    const make = () => {
      made += 1;
      return making.promise;
    };
    const leader = cache.fetch('k', { context: make });
    const followers = [cache.fetch('k', { context: make }), cache.fetch('k', { context: make })];
    making.resolve('page');
    expect(await leader).toBe('page');
    expect(await Promise.all(followers)).toEqual(['page', 'page']);
    expect(made).toBe(1);
    expect(cache.get('k')).toBe('page');

    // Nothing shareable: not stored, the followers get nothing, and the next request leads again.
    const unshareable = deferred<string | undefined>();
    const first = cache.fetch('u', { context: () => unshareable.promise });
    const follower = leadersAnswer(cache.fetch('u', { context: make }));
    unshareable.resolve(undefined);
    expect(await first).toBeUndefined();
    expect(await follower).toBeUndefined();
    expect(cache.has('u')).toBe(false);
    expect(await cache.fetch('u', { context: async () => 'fresh' })).toBe('fresh');
  });

  it('stores nothing made while it was emptied: that answer may be out of date', async () => {
    const cache = createPublicCache<string>({ sizeOf: (value) => value.length });
    const making = deferred<string | undefined>();
    const leader = cache.fetch('k', { context: () => making.promise });
    const follower = leadersAnswer(cache.fetch('k', { context: async () => 'other' }));
    cache.clear();
    making.resolve('made before the write');
    await expect(leader).rejects.toThrow();
    expect(await follower).toBeUndefined();
    expect(cache.has('k')).toBe(false);
  });
});

describe('createSharedReads', () => {
  /** A read whose makings the test finishes by hand, counting them. */
  function makings() {
    const pending: ((value: { v: string }) => void)[] = [];
    const failures: ((error: Error) => void)[] = [];
    return {
      pending,
      failures,
      make: () =>
        new Promise<{ v: string }>((resolve, reject) => {
          pending.push(resolve);
          failures.push(reject);
        }),
    };
  }

  /** Shared reads on a hand-moved clock, with key 'k' made once and kept. */
  async function keptRead(v: string) {
    const clock = { now: 1000 };
    const reads = createSharedReads({ now: () => clock.now });
    const m = makings();
    const first = reads.read('k', m.make);
    m.pending[0]?.({ v });
    await first;
    return { reads, m, clock };
  }

  it('makes a read once for everyone asking, then gives it while it is fresh', async () => {
    let now = 1000;
    const reads = createSharedReads({ now: () => now });
    const m = makings();
    const asked = [reads.read('k', m.make), reads.read('k', m.make)];
    expect(m.pending).toHaveLength(1);
    m.pending[0]?.({ v: 'first' });
    expect(await Promise.all(asked)).toEqual([{ v: 'first' }, { v: 'first' }]);
    now += PUBLIC_CACHE_TTL_MS;
    expect(await reads.read('k', m.make)).toEqual({ v: 'first' });
    expect(m.pending).toHaveLength(1);
  });

  it('gives an ageing read at once while one request makes it anew, then the new one', async () => {
    const { reads, m, clock } = await keptRead('first');

    clock.now += PUBLIC_CACHE_TTL_MS + 1;
    // Nobody waits for the making: each request is answered with the read it has.
    expect(await reads.read('k', m.make)).toEqual({ v: 'first' });
    expect(await reads.read('k', m.make)).toEqual({ v: 'first' });
    expect(m.pending).toHaveLength(2);
    m.pending[1]?.({ v: 'second' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await reads.read('k', m.make)).toEqual({ v: 'second' });
    expect(m.pending).toHaveLength(2);
  });

  it('never gives a read older than SHARED_READ_KEPT_MS: the request waits for a new one', async () => {
    const { reads, m, clock } = await keptRead('first');

    clock.now += SHARED_READ_KEPT_MS + 1;
    let answered: { v: string } | undefined;
    const asked = reads.read('k', m.make).then((value) => {
      answered = value;
      return value;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBeUndefined();
    m.pending[1]?.({ v: 'new' });
    expect(await asked).toEqual({ v: 'new' });

    // Nor while it is being made anew, when that making outlasts the read's time.
    clock.now += PUBLIC_CACHE_TTL_MS + 1;
    expect(await reads.read('k', m.make)).toEqual({ v: 'new' });
    clock.now += PUBLIC_CACHE_TTL_MS;
    const late = reads.read('k', m.make);
    m.pending[2]?.({ v: 'newer' });
    expect(await late).toEqual({ v: 'newer' });
  });

  it('keeps nothing read before a write: emptied, its makings under way are dropped', async () => {
    const { reads, m, clock } = await keptRead('before');
    clock.now += PUBLIC_CACHE_TTL_MS + 1;
    expect(await reads.read('k', m.make)).toEqual({ v: 'before' });
    reads.clear();
    m.pending[1]?.({ v: 'read before the write' });
    await new Promise((resolve) => setImmediate(resolve));
    const after = reads.read('k', m.make);
    expect(m.pending).toHaveLength(3);
    m.pending[2]?.({ v: 'after' });
    expect(await after).toEqual({ v: 'after' });
  });

  it('drops a read whose making anew failed, without an unhandled rejection', async () => {
    const { reads, m, clock } = await keptRead('first');
    clock.now += PUBLIC_CACHE_TTL_MS + 1;
    expect(await reads.read('k', m.make)).toEqual({ v: 'first' });
    m.failures[1]?.(new Error('database gone'));
    await new Promise((resolve) => setImmediate(resolve));
    const next = reads.read('k', m.make);
    expect(m.pending).toHaveLength(3);
    m.pending[2]?.({ v: 'back' });
    expect(await next).toEqual({ v: 'back' });
    // A request's own failed making is its answer.
    reads.clear();
    const failing = reads.read('f', m.make);
    m.failures[3]?.(new Error('no connection'));
    await expect(failing).rejects.toThrow('no connection');
  });
});

describe('cutAtSlots, fillSlots and gzipAround', () => {
  const marks = { csrf: 'csrfslot0f1e2d', nonce: 'nonceslot9a8b7c' };
  const fills = { csrf: `${'c'.repeat(32)}.${'s'.repeat(22)}`, nonce: 'n0nce-Value_1' };

  it('cuts a page only at the server-made marks and fills each with its own value', () => {
    // Text that looks like a token, or like a client-sent cookie value, is left alone.
    const html = `<script nonce="${marks.nonce}">x</script><p>&gt;"</p><input value="${marks.csrf}"><i>${fills.csrf}</i>`;
    const page = cutAtSlots(html, marks);
    expect(page.slots).toEqual(['nonce', 'csrf']);
    expect(fillSlots(page, fills).toString()).toBe(
      html.replace(marks.nonce, fills.nonce).replace(marks.csrf, fills.csrf),
    );
  });

  it('refuses to write anything but token characters into a page', () => {
    const page = cutAtSlots(`<input value="${marks.csrf}">`, marks);
    expect(() => fillSlots(page, { ...fills, csrf: '"><img src=x onerror=alert(1)>' })).toThrow();
    expect(() => gzipAround(page, { ...fills, nonce: '>' })).toThrow();
  });

  it('makes one valid gzip stream from pieces compressed once and the visitor values', () => {
    const text = 'é<p>caf</p>'.repeat(5000);
    const html = `${text}${marks.csrf}<input value="${marks.csrf}"><script nonce="${marks.nonce}">${text}`;
    const page = cutAtSlots(html, marks);
    const gzip = gzipAround(page, fills);
    const expected = fillSlots(page, fills);
    expect(zlib.gunzipSync(gzip).equals(expected)).toBe(true);
    expect(expected.toString()).not.toContain('slot');
    expect(gzip.length).toBeLessThan(expected.length / 10);
  });
});

describe('isAnonymousRequest', () => {
  it('lets only visitors share answers: no Authorization, no cookie but CSRF and consent', () => {
    expect(isAnonymousRequest({})).toBe(true);
    expect(isAnonymousRequest({ cookie: 'XSRF-TOKEN=abc; cookie_consent=all' })).toBe(true);
    expect(isAnonymousRequest({ authorization: 'Bearer x' })).toBe(false);
    expect(isAnonymousRequest({ cookie: 'XSRF-TOKEN=abc; accessToken=x' })).toBe(false);
    expect(isAnonymousRequest({ cookie: 'refreshToken=x' })).toBe(false);
    expect(isAnonymousRequest({ cookie: 'flash=saved' })).toBe(false);
  });
});

describe('acceptsGzip', () => {
  it('is true only when gzip is named and not refused with q=0', () => {
    for (const accepted of ['gzip, deflate, br', 'br, gzip', 'GZIP;q=1', 'gzip; q=0.5, br']) {
      expect(acceptsGzip({ 'accept-encoding': accepted }), accepted).toBe(true);
    }
    for (const refused of [
      '',
      'br',
      'x-gzip',
      'gzip;q=0',
      'br, gzip; q=0.000, deflate',
      'identity',
    ]) {
      expect(acceptsGzip({ 'accept-encoding': refused }), refused).toBe(false);
    }
    expect(acceptsGzip({})).toBe(false);
  });
});

describe('public API answers', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let admin: SignedInUser;
  let fan: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    [owner, fan] = (await createMembers(t, 2)) as [SignedInUser, SignedInUser];
    [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

  it('serves visitors one answer for a short while; signed-in users always a fresh one', async () => {
    const campaign = await createLiveCampaign(t, owner, admin);
    const url = `/single-crowedfunding/${campaign._id}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-public-cache']).toBeUndefined();
    // Changed behind the server's back: visitors keep the stored answer for now...
    await t.database.db
      .update(campaigns)
      .set({ title: 'A title changed directly' })
      .where(eq(campaigns.id, campaign._id));
    const second = await get(url);
    expect(second.headers['x-public-cache']).toBe('hit');
    expect(second.json().result.title).toBe(campaign.title);
    // ...while anyone signed in, by header or by cookie, reads the database.
    for (const headers of [owner.headers, { cookie: `accessToken=${owner.accessToken}` }]) {
      const fresh = await get(url, headers);
      expect(fresh.headers['x-public-cache']).toBeUndefined();
      expect(fresh.json().result.title).toBe('A title changed directly');
    }
  });

  it('shares a public endpoint’s answer with members too: it reads nothing about who asks', async () => {
    const row = await insertEpisodeRow(t, null, { title: `Shared episode ${Date.now()}` });
    const url = `/get-single-podcast/${row.id}`;
    expect((await get(url)).json().result.title).toBe(row.title);
    await t.database.db
      .update(podcastEpisodes)
      .set({ title: 'An episode renamed directly' })
      .where(eq(podcastEpisodes.id, row.id));
    const askers: Record<string, string>[] = [
      {},
      owner.headers,
      { cookie: `accessToken=${owner.accessToken}` },
    ];
    for (const headers of askers) {
      const answer = await get(url, headers);
      expect(answer.headers['x-public-cache']).toBe('hit');
      expect(answer.json().result.title).toBe(row.title);
    }
    // A route that reads the viewer (a campaign: likes, the owner's view) still never does.
    const campaign = await createLiveCampaign(t, owner, admin);
    await get(`/single-crowedfunding/${campaign._id}`);
    const fanReads = await get(`/single-crowedfunding/${campaign._id}`, fan.headers);
    expect(fanReads.headers['x-public-cache']).toBeUndefined();
  });

  it("never stores a signed-in user's answer for visitors", async () => {
    const campaign = await createLiveCampaign(t, owner, admin);
    const url = `/single-crowedfunding/${campaign._id}`;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/like-crowdfunding/${campaign._id}`,
          headers: fan.headers,
        })
      ).statusCode,
    ).toBe(200);
    const mine = await get(url, fan.headers);
    expect(mine.json().result.likedByMe).toBe(true);
    const visitor = await get(url);
    expect(visitor.headers['x-public-cache']).toBeUndefined();
    expect(visitor.json().result.likedByMe).toBe(false);
    expect(JSON.stringify(visitor.json())).not.toContain(fan.id);
  });

  it('is emptied by a write through this server', async () => {
    const campaign = await createLiveCampaign(t, owner, admin);
    const url = `/single-crowedfunding/${campaign._id}`;
    expect((await get(url)).json().result.likesCount).toBe(0);
    expect((await get(url)).headers['x-public-cache']).toBe('hit');
    const like = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/like-crowdfunding/${campaign._id}`,
      headers: fan.headers,
    });
    expect(like.statusCode).toBe(200);
    const after = await get(url);
    expect(after.headers['x-public-cache']).toBeUndefined();
    expect(after.json().result.likesCount).toBe(1);
  });

  it('gives the stored answer brotli-compressed to clients that accept it', async () => {
    const url = '/get-crowedFundings?page=1&limit=12';
    const plain = await get(url);
    const compressed = await get(url, { 'accept-encoding': 'br' });
    expect(compressed.headers['x-public-cache']).toBe('hit');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });
});

// The built web app, as production serves it (skipped without `npm run build`).
describe.skipIf(!webBuildExists())('server-rendered pages', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let config: Config;
  let user: SignedInUser;
  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig();
    app = await buildApp({ config, db: database.db, pool: database.pool, web: true });
    await app.ready();
    user = await createSignedInUser(
      { app, database, config, close: async () => {} },
      {
        firstName: 'Zebulonqx',
      },
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    if (config) fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  const page = (cookie?: string, url = '/campaigns') =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const csrfOf = (response: Awaited<ReturnType<typeof page>>) =>
    /XSRF-TOKEN=([^;]+)/.exec(String(response.headers['set-cookie'] ?? ''))?.[1] ?? '';
  const nonceOf = (response: Awaited<ReturnType<typeof page>>) =>
    /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy'] ?? ''))?.[1] ?? '';
  /** The page with this visitor's own values (token, nonce) taken out. */
  const normalised = (response: Awaited<ReturnType<typeof page>>) =>
    response.body.replaceAll(csrfOf(response), 'TOKEN').replaceAll(nonceOf(response), 'NONCE');

  it("never gives a visitor a signed-in user's page", async () => {
    const signedIn = await page(`accessToken=${user.accessToken}; XSRF-TOKEN=${'u'.repeat(32)}`);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('Zebulonqx');
    const visitor = await page();
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['x-public-cache']).toBeUndefined();
    expect(visitor.body).not.toContain('Zebulonqx');
    // And the visitor's page, now stored, is not given to the signed-in user either.
    const again = await page(`accessToken=${user.accessToken}; XSRF-TOKEN=${'u'.repeat(32)}`);
    expect(again.headers['x-public-cache']).toBeUndefined();
    expect(again.body).toContain('Zebulonqx');
  });

  it('keeps a page apart for each cookie choice: with and without the banner', async () => {
    forgetPublicAnswers(app);
    const consent = `cookie_consent=${encodeURIComponent(
      JSON.stringify({ necessary: true, functional: false, analytics: false, advertising: false }),
    )}`;
    const undecided = await page(undefined, '/blog');
    expect(undecided.body).toContain('cookie-banner-title');
    const decided = await page(consent, '/blog');
    expect(decided.headers['x-public-cache']).toBeUndefined();
    expect(decided.body).not.toContain('cookie-banner-title');
    const decidedAgain = await page(consent, '/blog');
    expect(decidedAgain.headers['x-public-cache']).toBe('hit');
    expect(decidedAgain.body).not.toContain('cookie-banner-title');
    const undecidedAgain = await page(undefined, '/blog');
    expect(undecidedAgain.headers['x-public-cache']).toBe('hit');
    expect(undecidedAgain.body).toContain('cookie-banner-title');
  });

  it('forgets stored pages after any write through this server', async () => {
    await page();
    expect((await page()).headers['x-public-cache']).toBe('hit');
    const write = await app.inject({
      method: 'POST',
      url: '/api/v1/contact-us',
      payload: { nothing: 'valid' },
    });
    expect(write.statusCode).toBeGreaterThanOrEqual(400);
    // A refused write changes nothing: the page stays stored.
    expect((await page()).headers['x-public-cache']).toBe('hit');
    const consent = await app.inject({
      method: 'POST',
      url: '/cookie-consent',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
      payload: 'intent=decline&returnTo=%2Fcampaigns',
    });
    expect(consent.statusCode).toBeLessThan(400);
    expect((await page()).headers['x-public-cache']).toBeUndefined();
  });

  it('gives a whole page to a visitor after a write, while members’ shared rendering is kept', async () => {
    // A write empties the visitors' pages at once; the shared rendering underneath (kept once a
    // second reader asked for it) outlives that, and must still come back as a page to cut.
    // Pages with and without forms, and each way a browser may say what it accepts.
    for (const url of ['/login', '/signup', '/about']) {
      for (const accepts of ['gzip, deflate, br', 'br', 'gzip;q=0, br', undefined]) {
        for (let round = 0; round < 4; round += 1) {
          const headers = accepts === undefined ? {} : { 'accept-encoding': accepts };
          const response = await app.inject({ method: 'GET', url, headers });
          forgetPublicAnswers(app);
          const where = `${url}, ${accepts}, round ${round}`;
          expect(response.statusCode, where).toBe(200);
          const encoding = response.headers['content-encoding'];
          if (accepts === undefined) expect(encoding, where).toBeUndefined();
          if (accepts !== 'gzip, deflate, br') expect(encoding, where).not.toBe('gzip');
          const body =
            encoding === 'gzip'
              ? zlib.gunzipSync(response.rawPayload).toString()
              : encoding === 'br'
                ? zlib.brotliDecompressSync(response.rawPayload).toString()
                : response.body;
          expect(body, where).toMatch(/^<!DOCTYPE html>/i);
          expect(body, where).toContain(`nonce="${nonceOf(response)}"`);
          if (url !== '/about') expect(body, where).toContain(`value="${csrfOf(response)}"`);
        }
      }
    }
  });

  it("shares a visitor's page with the next visitor, each with their own CSRF token", async () => {
    // A page whose forms carry the token (pages without script or forms do not embed it).
    let url = '';
    let first: Awaited<ReturnType<typeof page>> | undefined;
    for (const candidate of ['/signup', '/login', '/contact', '/webinars']) {
      const response = await page(undefined, candidate);
      if (response.statusCode === 200 && response.body.includes(csrfOf(response))) {
        url = candidate;
        first = response;
        break;
      }
    }
    if (!first) throw new Error('no page embeds the CSRF token');
    const firstToken = csrfOf(first);
    const second = await page(undefined, url);
    const secondToken = csrfOf(second);
    expect(second.headers['x-public-cache']).toBe('hit');
    expect(firstToken).not.toBe(secondToken);
    expect(second.body).toContain(secondToken);
    expect(second.body).not.toContain(firstToken);

    expect(normalised(second)).toBe(normalised(first));
    // Browsers get the stored page gzip-compressed, with their own token inside.
    const zipped = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['x-public-cache']).toBe('hit');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const zippedToken = csrfOf(zipped);
    expect(zlib.gunzipSync(zipped.rawPayload).toString()).toBe(
      first.body.replaceAll(firstToken, zippedToken).replaceAll(nonceOf(first), nonceOf(zipped)),
    );
  });

  it('is never cut or written by a cookie the visitor chose', async () => {
    const attacks = [
      '>',
      '<',
      '"',
      'class="',
      '<p>',
      '"><img src=x onerror=alert(1)>',
      `${'A'.repeat(32)}.${'B'.repeat(22)}`,
    ];
    for (const url of ['/signup', '/blog', '/campaigns']) {
      for (const chosen of attacks) {
        forgetPublicAnswers(app);
        // The first visitor (whose rendering is stored) sends a token of their own choosing.
        const leader = await page(`XSRF-TOKEN=${encodeURIComponent(chosen)}`, url);
        expect(leader.statusCode).toBe(200);
        const issued = csrfOf(leader);
        expect(issued).toMatch(CSRF_TOKEN_PATTERN);
        expect(leader.body).not.toContain('onerror');
        // The next visitor is served the stored page: the same page, with their own values.
        const next = await page(undefined, url);
        expect(next.headers['x-public-cache']).toBe('hit');
        expect(next.body).not.toContain('onerror');
        expect(normalised(next)).toBe(normalised(leader));
        // A visitor who still sends the chosen value is given a fresh token, never theirs.
        const again = await page(`XSRF-TOKEN=${encodeURIComponent(chosen)}`, url);
        expect(again.body).not.toContain('onerror');
        expect(normalised(again)).toBe(normalised(leader));
      }
    }
  });

  it("allows only its own inline scripts: each carries the answer's nonce, fresh per answer", async () => {
    forgetPublicAnswers(app);
    const first = await page(undefined, '/');
    const stored = await page(undefined, '/');
    expect(stored.headers['x-public-cache']).toBe('hit');
    for (const response of [first, stored]) {
      const nonce = nonceOf(response);
      expect(nonce).toMatch(/^[\w-]{22}$/);
      const scripts = [...response.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) {
        // Data blocks (JSON-LD) do not run; every script that runs carries the nonce.
        if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
        expect(attributes).toContain(`nonce="${nonce}"`);
      }
    }
    expect(nonceOf(stored)).not.toBe(nonceOf(first));
  });
});
