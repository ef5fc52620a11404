import { campaignUpdateLimits } from '@ipatient/contracts/campaign-updates';
import { and, asc, campaigns, campaignUpdates, consents, emailOutbox, eq } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/accounts.ts';
import {
  emailsTo,
  gift,
  giftRow,
  liveCampaign,
  postUpdate,
  timeline,
  tokenOf,
  unsubscribe,
  unsubscribeLink,
  unsubscribeStatus,
} from '../../../test/campaign-updates-suite.ts';
import { cover, pngImage } from '../../../test/campaigns.ts';
import { admin, call, member, startCampaignsApp, t } from '../../../test/campaigns-suite.ts';
import { gift as giftPayload, initialize } from '../../../test/donations-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

const updatesOf = (campaignId: string) =>
  t.database.db.select().from(campaignUpdates).where(eq(campaignUpdates.campaignId, campaignId));

describe('POST /crowdfunding/{id}/updates', () => {
  it('shows the organiser’s update on the campaign page at once', async () => {
    const { owner, campaign } = await liveCampaign();
    const response = await postUpdate(owner, campaign.id, '  Ada’s surgery went well.  ');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().result).toMatchObject({ body: 'Ada’s surgery went well.' });
    const shown = (await timeline(campaign.id)).json().result;
    expect(shown.updates.map((u: { body: string }) => u.body)).toEqual([
      'Ada’s surgery went well.',
    ]);
    expect(shown.updatesTotal).toBe(1);
  });

  it('lets only the organiser post: someone else 403, an admin 403, a visitor 401', async () => {
    const { campaign } = await liveCampaign();
    const stranger = await member();
    expect((await postUpdate(stranger, campaign.id, 'Hijacked')).statusCode).toBe(403);
    expect((await postUpdate(admin, campaign.id, 'Hijacked')).statusCode).toBe(403);
    expect((await postUpdate(undefined, campaign.id, 'Hijacked')).statusCode).toBe(401);
    expect(await updatesOf(campaign.id)).toEqual([]);
  });

  it('refuses an empty or too long update, naming the field, and takes exactly 2,000', async () => {
    const { owner, campaign } = await liveCampaign();
    for (const body of ['', '   ', 'x'.repeat(campaignUpdateLimits.bodyMax + 1)]) {
      const response = await postUpdate(owner, campaign.id, body);
      expect(response.statusCode, body.slice(0, 10)).toBe(400);
      expect(response.json().errors.body).toBeTruthy();
    }
    expect(await updatesOf(campaign.id)).toEqual([]);
    const longest = await postUpdate(owner, campaign.id, 'x'.repeat(campaignUpdateLimits.bodyMax));
    expect(longest.statusCode).toBe(201);
  });

  it('stores a photo in its sizes and refuses a file that is not a PNG or JPEG', async () => {
    const { owner, campaign } = await liveCampaign();
    const bad = await postUpdate(
      owner,
      campaign.id,
      'With a photo',
      await cover(Buffer.from('not an image at all'), 'photo.png'),
    );
    expect(bad.statusCode).toBe(415);
    expect(bad.json().errors.image).toMatch(/PNG or JPEG/);
    expect(await updatesOf(campaign.id)).toEqual([]);
    const good = await postUpdate(
      owner,
      campaign.id,
      'With a photo',
      await cover(await pngImage(1300, 900)),
    );
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().result.imageSizes.map((s: { width: number }) => s.width)).toEqual([
      400, 800, 1200,
    ]);
  });

  it('refuses a flood of updates from one organiser (429)', async () => {
    const { owner, campaign } = await liveCampaign();
    for (let i = 0; i < campaignUpdateLimits.postsPerWindow; i += 1) {
      expect((await postUpdate(owner, campaign.id, `Update ${i}`)).statusCode).toBe(201);
    }
    const flood = await postUpdate(owner, campaign.id, 'One too many');
    expect(flood.statusCode).toBe(429);
    expect(await updatesOf(campaign.id)).toHaveLength(campaignUpdateLimits.postsPerWindow);
  });

  it('refuses updates on a campaign that is not live or completed', async () => {
    const { owner, campaign } = await liveCampaign({ status: 'awaiting_review', approvedAt: null });
    expect((await postUpdate(owner, campaign.id, 'Too early')).statusCode).toBe(409);
    await t.database.db
      .update(campaigns)
      .set({ status: 'completed', approvedAt: new Date() })
      .where(eq(campaigns.id, campaign.id));
    expect((await postUpdate(owner, campaign.id, 'We reached the goal')).statusCode).toBe(201);
  });

  it('emails each distinct address that asked for updates, once, with its unsubscribe link', async () => {
    const { owner, campaign } = await liveCampaign();
    const keen = await gift(campaign.id, { keepInformed: true, donorEmail: 'Keen@Example.ng' });
    await gift(campaign.id, { keepInformed: true, donorEmail: 'keen@example.ng' });
    const quiet = await gift(campaign.id, { keepInformed: false });
    const unpaid = await gift(campaign.id, { keepInformed: true, status: 'pending' });
    await postUpdate(owner, campaign.id, 'The operation is on Monday.');
    const sent = await emailsTo(keen.donorEmail);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain(campaign.title);
    expect(sent[0]?.text).toContain('The operation is on Monday.');
    expect(sent[0]?.html).toContain('/updates/unsubscribe?token=');
    // Mail apps offer one-click unsubscribe from the List-Unsubscribe header (RFC 8058).
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, keen.donorEmail));
    expect(row?.listUnsubscribe).toBe(await unsubscribeLink(keen.donorEmail));
    expect(await emailsTo(quiet.donorEmail)).toEqual([]);
    expect(await emailsTo(unpaid.donorEmail)).toEqual([]);
  });
});

describe('GET and POST /updates/unsubscribe', () => {
  it('only says what the link stops when it is followed (mail scanners follow every link)', async () => {
    const { owner, campaign } = await liveCampaign();
    const donor = await gift(campaign.id, { keepInformed: true });
    await postUpdate(owner, campaign.id, 'First update');
    const token = tokenOf(await unsubscribeLink(donor.donorEmail));
    const status = await unsubscribeStatus(token);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().result).toEqual({ campaignTitle: campaign.title, subscribed: true });
    expect((await giftRow(donor.id)).keepInformed).toBe(true);
    expect((await unsubscribe(token)).statusCode).toBe(200);
    expect((await unsubscribeStatus(token)).json().result.subscribed).toBe(false);
  });

  it('takes the POST of a mail app or a browser with any cookies and no CSRF token', async () => {
    const { owner, campaign } = await liveCampaign();
    const donor = await gift(campaign.id, { keepInformed: true });
    await postUpdate(owner, campaign.id, 'First update');
    const token = tokenOf(await unsubscribeLink(donor.donorEmail));
    // The web's cookie transport with a session cookie: other writes need the CSRF token.
    const cookies = { 'x-auth-transport': 'cookie', cookie: 'accessToken=anything' };
    const stopped = await call('POST', '/updates/unsubscribe', {
      payload: { token },
      headers: cookies,
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((await giftRow(donor.id)).keepInformed).toBe(false);
    const other = await call('POST', `/crowdfunding/${campaign.id}/updates`, {
      payload: { body: 'No token' },
      headers: cookies,
    });
    expect(other.statusCode).toBe(403);
  });

  it('stops the emails at once, before the next update is sent', async () => {
    const { owner, campaign } = await liveCampaign();
    const first = await gift(campaign.id, { keepInformed: true });
    const again = await gift(campaign.id, { keepInformed: true, donorEmail: first.donorEmail });
    const other = await gift(campaign.id, { keepInformed: true });
    await postUpdate(owner, campaign.id, 'First update');
    const response = await unsubscribe(tokenOf(await unsubscribeLink(first.donorEmail)));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.campaignTitle).toBe(campaign.title);
    expect((await giftRow(first.id)).keepInformed).toBe(false);
    expect((await giftRow(again.id)).keepInformed).toBe(false);
    expect((await giftRow(other.id)).keepInformed).toBe(true);
    await postUpdate(owner, campaign.id, 'Second update');
    expect(await emailsTo(first.donorEmail)).toHaveLength(1);
    expect(await emailsTo(other.donorEmail)).toHaveLength(2);
    // Following the link again changes nothing and still answers.
    expect((await unsubscribe(tokenOf(await unsubscribeLink(first.donorEmail)))).statusCode).toBe(
      200,
    );
  });

  it('keeps a member’s choice in their consents: asked for when giving, stopped by the link', async () => {
    const { owner, campaign } = await liveCampaign();
    const donor = await createSignedInUser(t);
    const consentsOf = () =>
      t.database.db
        .select()
        .from(consents)
        .where(and(eq(consents.userId, donor.id), eq(consents.kind, 'donor_updates')))
        .orderBy(asc(consents.createdAt), asc(consents.source));
    // A gift without the box ticked records nothing.
    const quiet = await initialize(
      t,
      giftPayload(campaign.id, { email: donor.email }),
      donor.headers,
    );
    expect(quiet.statusCode, quiet.body).toBe(201);
    expect(await consentsOf()).toEqual([]);
    const started = await initialize(
      t,
      giftPayload(campaign.id, { email: donor.email, keepInformed: true }),
      donor.headers,
    );
    expect(started.statusCode, started.body).toBe(201);
    expect(await consentsOf()).toMatchObject([
      { granted: true, version: campaign.title, source: 'donation' },
    ]);
    // Once a gift of theirs is counted, the update email's link stops the updates.
    await gift(campaign.id, { keepInformed: true, donorEmail: donor.email.toUpperCase() });
    await postUpdate(owner, campaign.id, 'The surgery went well');
    const link = tokenOf(await unsubscribeLink(donor.email));
    expect((await unsubscribe(link)).statusCode).toBe(200);
    expect((await unsubscribe(link)).statusCode).toBe(200);
    const recorded = await consentsOf();
    expect(recorded).toHaveLength(2);
    expect(recorded[1]).toMatchObject({
      granted: false,
      version: campaign.title,
      source: 'unsubscribe',
    });
    const mine = await call('GET', '/me/consents', { as: donor });
    expect(mine.json().result.current.donor_updates).toMatchObject({ granted: false });
  });

  it('refuses a forged token, another campaign’s token and another address', async () => {
    const { owner, campaign } = await liveCampaign();
    const { campaign: elsewhere } = await liveCampaign();
    const donor = await gift(campaign.id, { keepInformed: true });
    await gift(elsewhere.id, { keepInformed: true, donorEmail: donor.donorEmail });
    await postUpdate(owner, campaign.id, 'An update');
    const token = tokenOf(await unsubscribeLink(donor.donorEmail));
    const [, address, signature] = token.split('.');
    const forged = [
      'nonsense',
      `${campaign.id}.${address}.${'A'.repeat(43)}`,
      `${elsewhere.id}.${address}.${signature}`,
      `${campaign.id}.${Buffer.from('someone@example.ng').toString('base64url')}.${signature}`,
      '',
    ];
    for (const attempt of forged) {
      for (const response of [await unsubscribe(attempt), await unsubscribeStatus(attempt)]) {
        expect(response.statusCode, attempt).toBe(400);
        expect(response.json().errors.token).toBeTruthy();
      }
    }
    expect((await giftRow(donor.id)).keepInformed).toBe(true);
  });
});

describe('GET /crowdfunding/{id}/updates (public)', () => {
  it('is served to visitors from the public cache and never names a donor’s email', async () => {
    const { campaign } = await liveCampaign();
    const donor = await gift(campaign.id, { message: 'Get well soon!', donorEmail: 'x@y.ng' });
    const first = await timeline(campaign.id);
    const second = await timeline(campaign.id);
    expect(second.headers['x-public-cache']).toBe('hit');
    expect(first.body).not.toContain(donor.donorEmail);
  });

  it('is not found for a campaign visitors may not see', async () => {
    const { owner, campaign } = await liveCampaign({ status: 'awaiting_review', approvedAt: null });
    expect((await timeline(campaign.id)).statusCode).toBe(404);
    expect((await timeline(campaign.id, owner)).statusCode).toBe(200);
    expect((await call('GET', '/crowdfunding/not-an-id/updates')).statusCode).toBe(400);
  });
});
