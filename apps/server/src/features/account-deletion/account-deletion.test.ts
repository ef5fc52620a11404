import { cookieNames } from '@ipatient/contracts/constants';
import {
  blogComments,
  campaignLikes,
  campaigns,
  consents,
  eq,
  facilities,
  facilityReviews,
  rateEvents,
  sessions,
  users,
} from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser, strongPassword } from '../../../test/accounts.ts';
import { insertPostRow, uniqueWord } from '../../../test/blog.ts';
import { insertCampaignRow, insertGift } from '../../../test/campaigns.ts';
import { createApprovedReview, createFacility } from '../../../test/facilities.ts';
import { apiCall, createTestApp, outboxTo, type TestApp } from '../../../test/helpers.ts';
import { reconcile } from '../money/reconciliation.service.ts';
import { eraseDeletedAccounts } from './account-deletion.service.ts';

let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const member = (firstName = 'Zainabu') => createSignedInUser(t, { firstName });
const deleteAccount = (as: SignedInUser, password = strongPassword) =>
  apiCall(t, 'POST', '/me/deletion', { as, payload: { password } });
const userRow = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const campaignRow = async (id: string) =>
  (await t.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];

/** A campaign holding ₦5,000 from one gift, its ledger as the donation left it. */
async function campaignWithMoney(userId: string) {
  const campaign = await insertCampaignRow(t, userId, {
    title: `Surgery for Mama ${uniqueWord(6)}`,
    donatedKobo: 500_000,
    availableKobo: 500_000,
    amountRaised: 5000,
    donationCount: 1,
  });
  await insertGift(t, campaign.id, { amountKobo: 500_000, donorName: 'Kind Donor' });
  return campaign;
}

describe('GET /me/deletion', () => {
  it('needs a signed-in member', async () => {
    expect((await apiCall(t, 'GET', '/me/deletion')).statusCode).toBe(401);
  });

  it('names each campaign and what happens to it and its money', async () => {
    const owner = await member();
    const withMoney = await campaignWithMoney(owner.id);
    const empty = await insertCampaignRow(t, owner.id, { title: 'Never given to' });
    const response = await apiCall(t, 'GET', '/me/deletion', { as: owner });
    expect(response.statusCode, response.body).toBe(200);
    const { result } = response.json();
    expect(result.erasureDays).toBe(30);
    expect(result.kept.map((item: { what: string }) => item.what).join(' ')).toMatch(/money/i);
    expect(result.campaigns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: withMoney.id, outcome: 'closed', heldKobo: 500_000 }),
        expect.objectContaining({ id: empty.id, outcome: 'deleted', heldKobo: 0 }),
      ]),
    );
    const closed = result.campaigns.find((c: { id: string }) => c.id === withMoney.id);
    expect(closed.explanation).toContain('₦5,000');
  });
});

describe('POST /me/deletion', () => {
  it('refuses a wrong password with a field error, changes nothing and counts a failed login', async () => {
    const owner = await member();
    const response = await deleteAccount(owner, 'Not-my-password-9');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.password).toMatch(/password is not right/);
    const row = await userRow(owner.id);
    expect(row?.deletedAt).toBeNull();
    expect(row?.email).toBe(owner.email);
    expect((await apiCall(t, 'GET', '/get-me', { as: owner })).statusCode).toBe(200);
    const failures = await t.database.db
      .select()
      .from(rateEvents)
      .where(eq(rateEvents.key, owner.email));
    expect(failures.length).toBeGreaterThan(0);
  });

  it('refuses an admin account', async () => {
    const response = await deleteAccount(admin);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/another admin/);
    expect((await userRow(admin.id))?.deletedAt).toBeNull();
  });

  it('signs out everywhere at once: access token, refresh token, cookie session and sign-in refused', async () => {
    const owner = await member();
    const response = await deleteAccount(owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Your account has been deleted.');

    expect((await apiCall(t, 'GET', '/get-me', { as: owner })).statusCode).toBe(401);
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/get-me',
      headers: { cookie: `${cookieNames.accessToken}=${owner.accessToken}` },
    });
    expect(byCookie.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/get-access-token',
      payload: { refreshToken: owner.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sign-in',
      payload: { email: owner.email, password: strongPassword },
    });
    expect(signIn.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sign-in',
      payload: { email: 'nobody-at-all@example.ng', password: strongPassword },
    });
    expect(signIn.json().message).toBe(unknown.json().message);

    const row = await userRow(owner.id);
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.email).toBe(`deleted-${owner.id}@deleted.invalid`);
    expect(row?.emailKey).toBeNull();
    expect(row?.phoneVerifiedAt).toBeNull();
    expect(row?.erasedAt).not.toBeNull();
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, owner.id));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sign-up',
      payload: {
        email: owner.email,
        firstName: 'Zainabu',
        lastName: 'Okafor',
        phone: '0803 123 4567',
        password: strongPassword,
        acceptTerms: true,
      },
    });
    expect(again.statusCode, again.body).toBeLessThan(300);
    const [email] = await outboxTo(t, owner.email);
    expect(email?.subject).toMatch(/account has been deleted/);
    expect(email?.text).toMatch(/What we keep/);
  });

  it('hides every public trace: review, comment, like, donor and organiser names', async () => {
    const owner = await member('Oluwaseyi');
    const other = await member('Chidinma');
    const facility = await createFacility(t);
    await createApprovedReview(t, owner, admin, facility.id);
    const othersReview = await createApprovedReview(t, other, admin, facility.id);
    const post = await insertPostRow(t, { urlSlug: `/post-${uniqueWord(8)}` });
    const comment = await apiCall(t, 'POST', `/comment-on-blog/${post.id}`, {
      as: owner,
      payload: { comment: 'Thank you for this, it helped my mother.' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const othersCampaign = await insertCampaignRow(t, other.id, { title: 'Kidney care' });
    const thirdFan = await member('Amaka');
    for (const fan of [owner, thirdFan]) {
      const liked = await apiCall(t, 'PUT', `/like-crowdfunding/${othersCampaign.id}`, { as: fan });
      expect(liked.statusCode, liked.body).toBe(200);
    }
    await insertGift(t, othersCampaign.id, { userId: owner.id, donorName: 'Oluwaseyi Okafor' });
    const ownCampaign = await campaignWithMoney(owner.id);

    expect((await deleteAccount(owner)).statusCode).toBe(200);

    const reviews = await t.database.db
      .select()
      .from(facilityReviews)
      .where(eq(facilityReviews.facilityId, facility.id));
    expect(reviews.map((review) => review.id)).toEqual([othersReview._id]);
    const [figures] = await t.database.db
      .select()
      .from(facilities)
      .where(eq(facilities.id, facility.id));
    expect(figures?.reviewCount).toBe(1);
    const comments = await t.database.db
      .select()
      .from(blogComments)
      .where(eq(blogComments.postId, post.id));
    expect(comments).toHaveLength(0);
    const likes = await t.database.db
      .select()
      .from(campaignLikes)
      .where(eq(campaignLikes.campaignId, othersCampaign.id));
    expect(likes.map((row) => row.userId)).toEqual([thirdFan.id]);
    const page = await apiCall(t, 'GET', `/single-crowedfunding/${othersCampaign.id}`);
    expect(page.json().result.likesCount).toBe(1);
    const gifts = await apiCall(t, 'GET', `/crowdfunding/${othersCampaign.id}/donations`);
    expect(gifts.body).not.toContain('Oluwaseyi');
    const closed = await apiCall(t, 'GET', `/single-crowedfunding/${ownCampaign.id}`);
    expect(closed.statusCode).toBe(200);
    expect(closed.body).not.toContain('Oluwaseyi');
    expect(closed.json().result.user.firstName).toBe('Former');
    // The other member's own things are untouched.
    expect((await userRow(other.id))?.firstName).toBe('Chidinma');
    expect((await apiCall(t, 'GET', '/get-me', { as: other })).statusCode).toBe(200);
  });

  it('closes a campaign holding money, keeping its ledger, and deletes one without money', async () => {
    const owner = await member();
    const withMoney = await campaignWithMoney(owner.id);
    const empty = await insertCampaignRow(t, owner.id, {
      title: 'Nothing given yet',
      image: 'campaigns/empty-cover.webp',
      imageSizes: [{ width: 480, height: 320, key: 'campaigns/empty-cover.webp' }],
    });
    await t.app.storage.put('campaigns/empty-cover.webp', Buffer.from('cover'), 'image/webp');
    const before = await campaignRow(withMoney.id);
    expect((await deleteAccount(owner)).statusCode).toBe(200);

    const closed = await campaignRow(withMoney.id);
    expect(closed?.status).toBe('completed');
    expect(closed?.deletedAt).toBeNull();
    expect(closed?.availableKobo).toBe(before?.availableKobo);
    expect(closed?.donatedKobo).toBe(before?.donatedKobo);
    const given = await apiCall(t, 'PUT', `/like-crowdfunding/${withMoney.id}`, { as: admin });
    expect(given.statusCode).toBeGreaterThanOrEqual(400);
    expect((await campaignRow(empty.id))?.deletedAt).not.toBeNull();
    expect(await t.app.storage.get('campaigns/empty-cover.webp')).toBeUndefined();
    expect((await apiCall(t, 'GET', `/single-crowedfunding/${empty.id}`)).statusCode).toBe(404);
    const check = await reconcile(t.database.db);
    expect(check.campaigns.map((campaign) => campaign.campaignId)).not.toContain(withMoney.id);
  });
});

describe('erasing deleted accounts', () => {
  it('finishes an account deleted but not erased: anonymised, private rows and files removed, idempotent', async () => {
    const owner = await member();
    await t.database.db
      .update(users)
      .set({ address: '5 Awolowo Road', age: 41, state: 'Lagos', image: 'avatars/erase-me.webp' })
      .where(eq(users.id, owner.id));
    await t.app.storage.put('avatars/erase-me.webp', Buffer.from('photo'), 'image/webp');
    await t.database.db
      .insert(consents)
      .values({ userId: owner.id, kind: 'terms', version: '1', granted: true, source: 'signup' });
    const bystander = await member('Bystander');
    // As an instance that stopped between the deletion and its erasure leaves it.
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, owner.id));

    const deps = { db: t.database.db, storage: t.app.storage };
    const [first, second] = await Promise.all([
      eraseDeletedAccounts(deps),
      eraseDeletedAccounts(deps),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await eraseDeletedAccounts(deps)).toBe(0);

    const row = await userRow(owner.id);
    expect(row).toMatchObject({
      firstName: 'Former',
      lastName: 'member',
      phone: '',
      address: null,
      age: null,
      state: null,
      image: null,
    });
    expect(row?.erasedAt).not.toBeNull();
    expect(await t.app.storage.get('avatars/erase-me.webp')).toBeUndefined();
    expect(
      await t.database.db.select().from(consents).where(eq(consents.userId, owner.id)),
    ).toHaveLength(0);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, owner.id)),
    ).toHaveLength(0);
    expect((await userRow(bystander.id))?.firstName).toBe('Bystander');
    expect((await userRow(bystander.id))?.erasedAt).toBeNull();
  });
});
