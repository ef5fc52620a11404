import { campaignUpdateLimits } from '@ipatient/contracts/campaign-updates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import {
  emailsTo,
  gift,
  giftRow,
  liveCampaign,
  postUpdate,
  timeline,
} from '../../../test/campaign-updates-suite.ts';
import { admin, call, member, startCampaignsApp, t } from '../../../test/campaigns-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

type Word = { _id: string; name: string; message: string; amount: number };
const wordsOf = async (campaignId: string): Promise<Word[]> =>
  (await timeline(campaignId)).json().result.words;

const thank = (as: SignedInUser | undefined, campaignId: string, id: string, note = '') =>
  call('POST', `/crowdfunding/${campaignId}/donations/${id}/thanks`, { as, payload: { note } });
const report = (as: SignedInUser | undefined, campaignId: string, id: string) =>
  call('POST', `/crowdfunding/${campaignId}/donations/${id}/report`, { as, payload: {} });

describe('words of support', () => {
  it('shows counted messages with the donor’s name or "Anonymous", never their email', async () => {
    const { campaign } = await liveCampaign();
    const named = await gift(campaign.id, { donorName: 'Ngozi Eze', message: 'Be strong, Ada!' });
    await gift(campaign.id, { anonymous: true, donorName: 'Secret Person', message: 'Praying' });
    await gift(campaign.id, { message: null });
    await gift(campaign.id, { message: '   ' });
    await gift(campaign.id, { status: 'pending', message: 'Not paid yet' });
    await gift(campaign.id, { message: 'Refunded in full', refundedKobo: 500_000 });
    await gift(campaign.id, { message: 'Hidden by admins', messageHiddenAt: new Date() });
    const response = await timeline(campaign.id);
    const words: Word[] = response.json().result.words;
    expect(words.map((word) => [word.name, word.message]).sort()).toEqual([
      ['Anonymous', 'Praying'],
      ['Ngozi Eze', 'Be strong, Ada!'],
    ]);
    expect(response.json().result.wordsTotal).toBe(2);
    expect(words.find((word) => word._id === named.id)?.amount).toBe(5000);
    expect(response.body).not.toContain('@example.ng');
    expect(response.body).not.toContain('Secret Person');
  });

  it('lets an admin hide one (gone from the page at once); members may not', async () => {
    const { campaign } = await liveCampaign();
    const rude = await gift(campaign.id, { message: 'Something rude' });
    const path = `/admin/donations/${rude.id}/hide-message`;
    expect((await call('POST', path, { as: await member() })).statusCode).toBe(403);
    expect((await call('POST', path)).statusCode).toBe(401);
    const hidden = await call('POST', path, { as: admin });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await giftRow(rude.id)).messageHiddenAt).not.toBeNull();
    expect(await wordsOf(campaign.id)).toEqual([]);
    expect((await call('POST', path, { as: admin })).statusCode).toBe(409);
  });
});

describe('thanking a donor', () => {
  it('emails the donor once with the note; a second thank-you is refused (409)', async () => {
    const { owner, campaign } = await liveCampaign();
    const donor = await gift(campaign.id, { anonymous: true, donorName: 'Hidden Giver' });
    const response = await thank(owner, campaign.id, donor.id, 'Thank you so much!');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({ name: 'Anonymous', thanked: true });
    expect(response.body).not.toContain(donor.donorEmail);
    const [email, ...more] = await emailsTo(donor.donorEmail);
    expect(more).toEqual([]);
    expect(email?.text).toContain('Thank you so much!');
    expect(email?.text).toContain('₦5,000');
    const twice = await thank(owner, campaign.id, donor.id);
    expect(twice.statusCode).toBe(409);
    expect(await emailsTo(donor.donorEmail)).toHaveLength(1);
  });

  it('lets only the organiser thank, with a note of at most 500 characters', async () => {
    const { owner, campaign } = await liveCampaign();
    const { campaign: other } = await liveCampaign();
    const donor = await gift(campaign.id);
    const long = 'x'.repeat(campaignUpdateLimits.thankNoteMax + 1);
    const tooLong = await thank(owner, campaign.id, donor.id, long);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.note).toBeTruthy();
    expect((await thank(await member(), campaign.id, donor.id)).statusCode).toBe(403);
    expect((await thank(admin, campaign.id, donor.id)).statusCode).toBe(403);
    expect((await thank(undefined, campaign.id, donor.id)).statusCode).toBe(401);
    // A gift of another campaign is not found through this one.
    expect((await thank(owner, other.id, donor.id)).statusCode).toBe(403);
    const unpaid = await gift(campaign.id, { status: 'pending' });
    expect((await thank(owner, campaign.id, unpaid.id)).statusCode).toBe(404);
    expect((await giftRow(donor.id)).thankedAt).toBeNull();
    expect(await emailsTo(donor.donorEmail)).toEqual([]);
  });
});

describe('reporting a word of support', () => {
  it('is for the organiser only (403 for others, 401 for visitors)', async () => {
    const { owner, campaign } = await liveCampaign();
    const word = await gift(campaign.id, { message: 'Spam link here' });
    expect((await report(await member(), campaign.id, word.id)).statusCode).toBe(403);
    expect((await report(undefined, campaign.id, word.id)).statusCode).toBe(401);
    expect((await giftRow(word.id)).messageReportedAt).toBeNull();
    const reported = await report(owner, campaign.id, word.id);
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json().result.messageReported).toBe(true);
    expect((await report(owner, campaign.id, word.id)).json().message).toMatch(/already/);
    const silent = await gift(campaign.id, { message: null });
    expect((await report(owner, campaign.id, silent.id)).statusCode).toBe(409);
  });

  it('puts reported words at the top of the admins’ list, filtered by campaign', async () => {
    const { owner, campaign } = await liveCampaign();
    const reportedWord = await gift(campaign.id, { message: 'Reported one' });
    await gift(campaign.id, { message: 'A newer kind word' });
    await report(owner, campaign.id, reportedWord.id);
    await postUpdate(owner, campaign.id, 'An update to moderate');
    const response = await call('GET', `/admin/crowdfunding-updates?campaignId=${campaign.id}`, {
      as: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { words, updates } = response.json().result;
    expect(words.map((w: Word) => w.message)).toEqual(['Reported one', 'A newer kind word']);
    expect(words[0].reportedAt).not.toBeNull();
    expect(updates.map((u: { body: string }) => u.body)).toEqual(['An update to moderate']);
    expect(response.body).not.toContain('@example.ng');
    expect((await call('GET', '/admin/crowdfunding-updates', { as: owner })).statusCode).toBe(403);
    expect(
      (await call('GET', '/admin/crowdfunding-updates?campaignId=x', { as: admin })).statusCode,
    ).toBe(400);
  });
});

describe('hiding an update', () => {
  it('takes it off the page; the organiser still sees it, marked hidden with the reason', async () => {
    const { owner, campaign } = await liveCampaign();
    const posted = (await postUpdate(owner, campaign.id, 'Misleading claim')).json().result;
    const path = `/admin/crowdfunding-updates/${posted._id}/hide`;
    const reason = 'It names the wrong hospital.';
    expect((await call('POST', path, { as: owner, payload: { reason } })).statusCode).toBe(403);
    const short = await call('POST', path, { as: admin, payload: { reason: 'no' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.reason).toBeTruthy();
    const hidden = await call('POST', path, { as: admin, payload: { reason } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await timeline(campaign.id)).json().result.updates).toEqual([]);
    const own = await call('GET', `/crowdfunding/${campaign.id}/updates/manage`, { as: owner });
    expect(own.statusCode).toBe(200);
    expect(own.json().result.updates[0]).toMatchObject({
      body: 'Misleading claim',
      hiddenReason: reason,
    });
    expect(own.json().result.updates[0].hiddenAt).not.toBeNull();
    expect((await call('POST', path, { as: admin, payload: { reason } })).statusCode).toBe(409);
  });

  it('keeps the organiser’s page to the organiser and admins', async () => {
    const { campaign } = await liveCampaign();
    await gift(campaign.id, { message: 'Hello', donorEmail: 'private@example.ng' });
    const path = `/crowdfunding/${campaign.id}/updates/manage`;
    expect((await call('GET', path, { as: await member() })).statusCode).toBe(403);
    expect((await call('GET', path)).statusCode).toBe(401);
    const asAdmin = await call('GET', path, { as: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body).not.toContain('private@example.ng');
  });
});
