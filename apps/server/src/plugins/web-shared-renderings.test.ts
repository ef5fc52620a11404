import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../test/accounts.ts';
import { createLiveCampaign } from '../../test/campaigns.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { webBuildExists } from './web.ts';

/**
 * Members' static pages are rendered once for everyone whose page data is the same, each with
 * their own name, token and nonce filled in (apps/web/app/lib/render-memo.server.ts).
 */
describe.skipIf(!webBuildExists())('pages shared by members, each with their own values', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
  });
  afterAll(() => t?.close());

  // A cookie the members' shortcut does not take (plugins/web-member-pages.ts): these pages go
  // through the web app, whose own sharing is what is tested here.
  const page = (url: string, user: SignedInUser, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `accessToken=${user.accessToken}; seen-tour=1`, ...headers },
    });

  /** The page's CSRF field and script nonce, and the XSRF cookie it set. */
  function secretsOf(response: Awaited<ReturnType<typeof page>>, body = response.body) {
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('XSRF-TOKEN='));
    return {
      field: /name="csrf" value="([^"]+)"/.exec(body)?.[1],
      cookie: cookie?.split(';')[0]?.slice('XSRF-TOKEN='.length),
      nonces: new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])),
      header: String(response.headers['content-security-policy'] ?? ''),
    };
  }

  it('sends a shared rendering as gzip made from pieces compressed once', async () => {
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    const bola = await createSignedInUser(t, { firstName: 'Bola' });
    const emeka = await createSignedInUser(t, { firstName: `Emeka "E" & Co` });
    const answers = [];
    for (const user of [bola, emeka, bola, emeka]) {
      answers.push({ user, response: await page('/about', user, gzip) });
    }
    for (const [index, { user, response }] of answers.entries()) {
      expect(response.statusCode).toBe(200);
      // Every answer is compressed: the first by the server as usual, the hits spliced.
      const encoding = response.headers['content-encoding'];
      expect(encoding === 'gzip' || encoding === 'br').toBe(true);
      if (index >= 1) {
        expect(response.headers['x-shared-rendering']).toBe('hit');
        expect(encoding).toBe('gzip');
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      }
      const body =
        encoding === 'gzip'
          ? zlib.gunzipSync(response.rawPayload).toString()
          : zlib.brotliDecompressSync(response.rawPayload).toString();
      expect(body).toContain(user === bola ? 'Bola Okafor' : 'Emeka &quot;E&quot; &amp; Co Okafor');
      expect(body).not.toContain(user === bola ? 'Emeka' : 'Bola');
      const secrets = secretsOf(response, body);
      expect(secrets.field).toBe(secrets.cookie);
      expect(secrets.nonces.size).toBe(1);
      expect(secrets.header).toContain(`'nonce-${[...secrets.nonces][0]}'`);
    }
  });

  it('sends a shared rendering as gzip only to a browser that accepts gzip', async () => {
    const chioma = await createSignedInUser(t, { firstName: 'Chioma' });
    const tunde = await createSignedInUser(t, { firstName: 'Tunde' });
    for (const accepts of ['br', 'gzip;q=0, br', 'identity']) {
      const answers = [];
      for (const user of [chioma, tunde, chioma, tunde]) {
        answers.push({
          user,
          response: await page('/contact', user, { 'accept-encoding': accepts }),
        });
      }
      expect(answers[3]?.response.headers['x-shared-rendering'], accepts).toBe('hit');
      for (const { user, response } of answers) {
        const encoding = response.headers['content-encoding'];
        expect(encoding, accepts).not.toBe('gzip');
        const body =
          encoding === 'br'
            ? zlib.brotliDecompressSync(response.rawPayload).toString()
            : response.body;
        expect(body, accepts).toContain(user === chioma ? 'Chioma Okafor' : 'Tunde Okafor');
      }
    }
  });

  it('gives each member their own name, token and nonce, escaped, from one rendering', async () => {
    const ada = await createSignedInUser(t, { firstName: 'Adaeze' });
    const odd = await createSignedInUser(t, { firstName: `O'Neil <b>&` });
    const answers = [];
    for (const user of [ada, odd, ada, odd])
      answers.push({ user, response: await page('/', user) });
    // The first two readers made and kept the rendering; the next ones were given it.
    // The first reader's rendering is held; the second and later readers are given it.
    expect(answers.map((a) => a.response.headers['x-shared-rendering'])).toEqual([
      undefined,
      'hit',
      'hit',
      'hit',
    ]);
    const tokens = new Set<string>();
    for (const { user, response } of answers) {
      expect(response.statusCode).toBe(200);
      const body = response.body;
      if (user === ada) {
        expect(body).toContain('Adaeze Okafor');
        expect(body).not.toContain('Neil');
      } else {
        expect(body).toContain('O&#x27;Neil &lt;b&gt;&amp; Okafor');
        expect(body).not.toContain('<b>&');
        expect(body).not.toContain('Adaeze');
      }
      const secrets = secretsOf(response);
      // The form token is the one this member's browser was given with this very page.
      expect(secrets.field).toBeDefined();
      expect(secrets.field).toBe(secrets.cookie);
      tokens.add(secrets.field ?? '');
      // One nonce on the page, and it is the one the policy allows.
      expect(secrets.nonces.size).toBe(1);
      expect(secrets.header).toContain(`'nonce-${[...secrets.nonces][0]}'`);
    }
    expect(tokens.size).toBe(4);
  });

  it('fills the donate form of a campaign page with each member’s own name and email', async () => {
    const owner = await createSignedInUser(t, { firstName: 'Musa' });
    const admin = await createSignedInUser(t, { role: 'admin', firstName: 'Admin' });
    const campaign = await createLiveCampaign(t, owner, admin);
    const ngozi = await createSignedInUser(t, { firstName: 'Ngozi' });
    const tunde = await createSignedInUser(t, { firstName: 'Tunde' });
    const answers = [];
    for (const user of [ngozi, tunde, ngozi, tunde]) {
      answers.push({ user, response: await page(`/campaigns/${campaign._id}`, user) });
    }
    // The first reader's rendering is held; the second and later readers are given it.
    expect(answers.map((a) => a.response.headers['x-shared-rendering'])).toEqual([
      undefined,
      'hit',
      'hit',
      'hit',
    ]);
    for (const { user, response } of answers) {
      const other = user === ngozi ? tunde : ngozi;
      const name = user === ngozi ? 'Ngozi Okafor' : 'Tunde Okafor';
      expect(response.body).toMatch(
        new RegExp(`id="donate-name"[^>]*value="${name}"|value="${name}"[^>]*id="donate-name"`),
      );
      expect(response.body).toContain(`value="${user.email}"`);
      expect(response.body).not.toContain(other.email);
    }
  });

  it('shares the account page among members with their own details, and no other tab', async () => {
    const first = await createSignedInUser(t, { firstName: 'Chiamaka' });
    const second = await createSignedInUser(t, { firstName: 'Dozie' });
    const made = await page('/account', first);
    expect(made.statusCode).toBe(200);
    expect(made.headers['x-shared-rendering']).toBeUndefined();
    expect(made.body).toContain(first.email);
    // The second member's details fill the first one's rendering: nothing of the first's stays.
    const shared = await page('/account', second);
    expect(shared.headers['x-shared-rendering']).toBe('hit');
    expect(shared.body).toContain(second.email);
    expect(shared.body).toContain('Dozie');
    expect(shared.body).not.toContain(first.email);
    expect(shared.body).not.toContain('Chiamaka');
    // A tab with the member's campaigns is their data: another key for each.
    const admin = await createSignedInUser(t, { role: 'admin', firstName: 'Admin' });
    await createLiveCampaign(t, first, admin);
    for (const [user, other] of [
      [first, second],
      [second, first],
    ] as const) {
      const response = await page('/account?tab=campaign', user);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-shared-rendering']).toBeUndefined();
      expect(response.body).toContain(user.email);
      expect(response.body).not.toContain(other.email);
    }
  });
});
