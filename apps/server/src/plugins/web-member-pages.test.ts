import { eq, users } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../test/accounts.ts';
import { createLiveCampaign } from '../../test/campaigns.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { PUBLIC_CACHE_TTL_MS, SHARED_READ_KEPT_MS } from './public-cache.ts';
import { webBuildExists } from './web.ts';
import { pageStanding } from './web-member-pages.ts';

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

  /** A member with these details, as they would have saved them on the account page. */
  const withDetails = async (
    firstName: string,
    details: Partial<typeof users.$inferInsert>,
    role: 'member' | 'facility' = 'member',
  ) => {
    const user = await createSignedInUser(t, { firstName, role });
    if (Object.keys(details).length > 0) {
      await t.database.db.update(users).set(details).where(eq(users.id, user.id));
    }
    return user;
  };
  const lagos = {
    state: 'Lagos',
    lga: 'Ikeja',
    gender: 'female',
    age: 34,
    address: '3 Allen Avenue',
  };
  const kano = { state: 'Kano', lga: 'Fagge', gender: 'male', age: 61, address: '12 Zoo Road' };

  it('gives the account page from one rendering to members whose details differ', async () => {
    const [ronke, sani, tunde, uche] = [
      await withDetails('Ronke', { ...lagos, phone: '+2348030000001' }),
      await withDetails('Sani', { ...kano, phone: '+2348030000002' }),
      await withDetails('Tunde', { ...kano, isAdvocate: true }),
      await withDetails('Uche', { ...lagos, isAdvocate: true, address: 'Flat 2 <b>&</b>' }),
    ];
    expect(how(await page('/account', ronke))).not.toBe('member');
    const given = await page('/account', sani);
    expect(how(given)).toBe('member');
    // Sani's own details, state, LGA and gender chosen, and nothing of Ronke's.
    expect(given.body).toContain(`value="${sani.email}"`);
    expect(given.body).toContain('value="+2348030000002"');
    expect(given.body).toContain('<option value="Kano" selected="">Kano</option>');
    expect(given.body).toContain('<option value="Fagge" selected="">Fagge</option>');
    expect(given.body).toContain('<option value="male" selected="">Male</option>');
    expect(given.body).toContain('value="61"');
    for (const text of [
      ronke.email,
      '+2348030000001',
      'Ronke',
      'Allen Avenue',
      '"Ikeja" selected',
    ]) {
      expect(given.body).not.toContain(text);
    }
    expect(withoutSecrets(given.body)).toBe(withoutSecrets((await madeFor('/account', sani)).body));

    // Volunteering is not a value but a different form: the first advocate's page is made.
    expect(how(await page('/account', tunde))).not.toBe('member');
    const advocate = await page('/account', uche);
    expect(how(advocate)).toBe('member');
    expect(advocate.body).toContain('Stop volunteering');
    expect(advocate.body).toContain('value="Flat 2 &lt;b&gt;&amp;&lt;/b&gt;"');
    expect(advocate.body).not.toContain('Tunde');
    expect(withoutSecrets(advocate.body)).toBe(
      withoutSecrets((await madeFor('/account', uche)).body),
    );
    // A member who left details empty is another rendering, not Sani's with blanks filled.
    const vera = await withDetails('Vera', {});
    const blank = await page('/account', vera);
    expect(how(blank)).not.toBe('member');
    expect(blank.body).not.toContain('Sani');
    expect(blank.body).toContain('<option value="" selected="">Select your state</option>');
  });

  it('gives a facility account its own page, and never an admin or another tab', async () => {
    const [wale, xavier] = [
      await withDetails('Wale', kano, 'facility'),
      await withDetails('Xavier', lagos, 'facility'),
    ];
    await page('/account', wale);
    const facility = await page('/account', xavier);
    expect(how(facility)).toBe('member');
    expect(facility.body).toContain('Facility accounts cannot volunteer as advocates.');
    expect(facility.body).not.toContain('Wale');
    for (let i = 0; i < 2; i++) {
      const response = await page('/account', admin);
      expect(how(response)).not.toBe('member');
      expect(response.body).toContain('Halima');
    }
    // The other tabs hold the member's campaigns, reviews, complaints and donations: never shared.
    const [yemi, zainab] = [await withDetails('Yemi', lagos), await withDetails('Zainab', lagos)];
    for (const tab of ['campaign', 'reviews', 'advocacy', 'donations']) {
      for (const [user, other] of [
        [yemi, zainab],
        [zainab, yemi],
        [yemi, zainab],
      ] as const) {
        const response = await page(`/account?tab=${tab}`, user);
        expect(response.statusCode).toBe(200);
        expect(how(response)).not.toBe('member');
        expect(response.body).toContain(user.email);
        expect(response.body).not.toContain(other.email);
      }
    }
  });

  it('shows a member their saved choice at once', async () => {
    const [ada, bisi] = [await withDetails('Adaora', lagos), await withDetails('Bisi', lagos)];
    await page('/account', ada);
    const before = await page('/account', bisi);
    expect(how(before)).toBe('member');
    expect(before.body).toContain('Volunteer as an advocate');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${bisi.id}/advocate`,
      headers: bisi.headers,
      payload: { isAdvocate: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await page('/account', bisi);
    expect(after.body).toContain('Stop volunteering');
    expect(withoutSecrets(after.body)).toBe(withoutSecrets((await madeFor('/account', bisi)).body));
    // Adaora, who did not volunteer, still gets her own.
    const hers = await page('/account', ada);
    expect(hers.body).toContain('Volunteer as an advocate');
    expect(hers.body).not.toContain('Bisi');
  });
});

describe('pageStanding', () => {
  it('gives a kept page for its lifetime, then only while it is made anew, then never', () => {
    expect(pageStanding(1_000, 1_000)).toBe('fresh');
    expect(pageStanding(1_000, 1_000 + PUBLIC_CACHE_TTL_MS)).toBe('fresh');
    expect(pageStanding(1_000, 1_001 + PUBLIC_CACHE_TTL_MS)).toBe('ended');
    expect(pageStanding(1_000, 1_000 + SHARED_READ_KEPT_MS)).toBe('ended');
    expect(pageStanding(1_000, 1_001 + SHARED_READ_KEPT_MS)).toBeUndefined();
  });
});
