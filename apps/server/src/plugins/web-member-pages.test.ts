import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../test/accounts.ts';
import { createLiveCampaign } from '../../test/campaigns.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { webBuildExists } from './web.ts';

/**
 * Members' static pages given from a shared rendering without running the web app again, once a
 * member's page of that address was made (plugins/web-member-pages.ts): each member gets the page
 * the web app would have made for them, and nobody gets a page that is another's.
 */
describe.skipIf(!webBuildExists())('members’ pages given from a shared rendering', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let admin: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
    owner = await createSignedInUser(t, { firstName: 'Musa' });
    admin = await createSignedInUser(t, { role: 'admin', firstName: 'Halima' });
  });
  afterAll(() => t?.close());

  const page = (url: string, user: SignedInUser, cookies = '') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `accessToken=${user.accessToken}${cookies}` },
    });
  /** The same member's page made by the web app: a cookie the shortcut does not take. */
  const madeFor = (url: string, user: SignedInUser) => page(url, user, '; seen-tour=1');
  const how = (response: Awaited<ReturnType<typeof page>>) =>
    response.headers['x-shared-rendering'];
  /** A page without what differs on every request (the form token and the script nonce). */
  const withoutSecrets = (body: string) =>
    body
      .replace(/name="csrf" value="[^"]*"/g, 'name="csrf"')
      .replace(/nonce="[^"]*"/g, 'nonce')
      .replace(/'nonce-[^']*'/g, 'nonce');
  const member = (firstName: string) => createSignedInUser(t, { firstName });
  const like = async (user: SignedInUser, campaignId: string) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/like-crowdfunding/${campaignId}`,
      headers: user.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('gives a member the page the web app makes for them, with their own name, token and nonce', async () => {
    const adaeze = await member('Adaeze');
    const bola = await member(`Bola "B" <i>`);
    const first = await page('/', adaeze);
    expect(first.statusCode).toBe(200);
    expect(how(first)).not.toBe('member');

    const given = await page('/', bola);
    expect(given.statusCode).toBe(200);
    expect(how(given)).toBe('member');
    expect(given.body).toContain('Bola &quot;B&quot; &lt;i&gt; Okafor');
    expect(given.body).not.toContain('Adaeze');
    // The form token is the one this browser was given with this page; one nonce, the allowed one.
    const cookie = ([] as string[])
      .concat(given.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('XSRF-TOKEN='));
    const field = /name="csrf" value="([^"]+)"/.exec(given.body)?.[1];
    expect(field).toBeDefined();
    expect(cookie?.split(';')[0]).toBe(`XSRF-TOKEN=${field}`);
    const nonces = new Set([...given.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
    expect(nonces.size).toBe(1);
    expect(String(given.headers['content-security-policy'])).toContain(`'nonce-${[...nonces][0]}'`);
    expect(given.headers['content-type']).toBe('text/html; charset=utf-8');

    const made = await madeFor('/', bola);
    expect(how(made)).not.toBe('member');
    expect(withoutSecrets(given.body)).toBe(withoutSecrets(made.body));
  });

  it('gives each member their own Green-Heart: a combination of likes not seen yet is made', async () => {
    const campaign = await createLiveCampaign(t, owner, admin);
    const url = `/campaigns/${campaign._id}`;
    const [chidi, dayo, efe, funke] = await Promise.all(
      ['Chidi', 'Dayo', 'Efe', 'Funke'].map(member),
    );
    for (const liker of [dayo, efe] as SignedInUser[]) await like(liker, campaign._id);

    expect(how(await page(url, chidi as SignedInUser))).not.toBe('member');
    // The first member who liked it: nobody's page with that like was made yet.
    const dayoPage = await page(url, dayo as SignedInUser);
    expect(how(dayoPage)).not.toBe('member');
    expect(dayoPage.body).toContain('>Liked<');

    for (const [user, liked] of [
      [efe, true],
      [funke, false],
    ] as const) {
      const given = await page(url, user as SignedInUser);
      expect(how(given)).toBe('member');
      if (liked) expect(given.body).toContain('>Liked<');
      else expect(given.body).not.toContain('>Liked<');
      expect(given.body).toContain(`value="${(user as SignedInUser).email}"`);
      const made = await madeFor(url, user as SignedInUser);
      expect(how(made)).not.toBe('member');
      expect(withoutSecrets(given.body)).toBe(withoutSecrets(made.body));
    }
  });

  it('never gives it to the organiser, an admin, or with a message or a kept form', async () => {
    const campaign = await createLiveCampaign(t, owner, admin);
    const url = `/campaigns/${campaign._id}`;
    const [gozie, hauwa, ife] = [await member('Gozie'), await member('Hauwa'), await member('Ife')];
    await page(url, gozie);
    expect(how(await page(url, hauwa))).toBe('member');
    for (const user of [owner, admin]) {
      for (let i = 0; i < 2; i++) {
        const response = await page(url, user);
        expect(response.statusCode).toBe(200);
        expect(how(response)).not.toBe('member');
        expect(response.body).not.toContain('Gozie');
      }
    }
    // The organiser's own page, as the web app makes it: their campaign's owner controls.
    expect(withoutSecrets((await page(url, owner)).body)).toBe(
      withoutSecrets((await madeFor(url, owner)).body),
    );
    for (const cookie of ['; flash=anything', '; form-draft=1']) {
      expect(how(await page(url, ife, cookie))).not.toBe('member');
    }
  });

  it('shows a member their own change at once: a write empties what was kept', async () => {
    const campaign = await createLiveCampaign(t, owner, admin);
    const url = `/campaigns/${campaign._id}`;
    const [jide, kemi] = [await member('Jide'), await member('Kemi')];
    await page(url, jide);
    const before = await page(url, kemi);
    expect(how(before)).toBe('member');
    expect(before.body).not.toContain('>Liked<');

    await like(kemi, campaign._id);
    const after = await page(url, kemi);
    expect(how(after)).not.toBe('member');
    expect(after.body).toContain('>Liked<');
    expect(withoutSecrets(after.body)).toBe(withoutSecrets((await madeFor(url, kemi)).body));
    // Another member's page counts that Green-Heart at once too.
    const jidePage = await page(url, jide);
    expect(withoutSecrets(jidePage.body)).toBe(withoutSecrets((await madeFor(url, jide)).body));
    expect(withoutSecrets(jidePage.body)).not.toBe(withoutSecrets(before.body));
  });

  it('never gives a page to a session that has ended', async () => {
    const [lola, mayowa, nneka] = [
      await member('Lola'),
      await member('Mayowa'),
      await member('Nneka'),
    ];
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: mayowa.headers,
      payload: {},
    });
    expect(ended.statusCode).toBe(200);
    // Kept again after the sign-out (a write) emptied it.
    await page('/', lola);
    expect(how(await page('/', nneka))).toBe('member');

    const response = await page('/', mayowa);
    expect(how(response)).not.toBe('member');
    expect(response.body).not.toContain('Mayowa');
    expect(response.body).not.toContain('Nneka');
  });

  it('never shares a page that shows something of the reader’s own: the account page', async () => {
    const [olu, peju] = [await member('Olu'), await member('Peju')];
    for (const [user, other] of [
      [olu, peju],
      [peju, olu],
      [olu, peju],
      [peju, olu],
    ] as const) {
      const response = await page('/account', user);
      expect(response.statusCode).toBe(200);
      expect(how(response)).not.toBe('member');
      expect(response.body).toContain(user.email);
      expect(response.body).not.toContain(other.email);
    }
  });
});
