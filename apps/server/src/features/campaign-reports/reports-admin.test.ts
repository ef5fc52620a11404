import {
  auditLog,
  campaignReports,
  campaigns,
  desc,
  emailOutbox,
  eq,
  rateEvents,
} from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import {
  adminCall,
  liveCampaign,
  report,
  reportRows,
  validReport,
} from '../../../test/campaign-reports-suite.ts';
import { createTestApp, outboxTo, type TestApp } from '../../../test/helpers.ts';
import {
  adminAction,
  createFundedCampaign,
  createScene,
  requested,
  type Scene,
} from '../../../test/payouts-suite.ts';

async function campaignHold(t: TestApp, id: string) {
  const [row] = await t.database.db
    .select({ at: campaigns.payoutsFrozenAt, reason: campaigns.payoutsFrozenReason })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row;
}

/** The newest audit entry's sentence. */
async function lastAuditSummary(t: TestApp): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ summary: auditLog.summary })
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row?.summary;
}

let t: TestApp;
let scene: Scene;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  scene = await createScene(t);
  admin = scene.admins[2];
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(campaignReports);
  await t.database.db.delete(emailOutbox);
  await t.database.db.delete(rateEvents);
  await t.database.db.delete(auditLog);
});

/** A report of the campaign (its id), with the reporter's email when given. */
async function reported(campaignId: string, email?: string, reason = 'scam'): Promise<string> {
  const response = await report(t, campaignId, { ...validReport, reason, email });
  expect(response.statusCode, response.body).toBe(201);
  const rows = await reportRows(t, campaignId);
  const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  return newest?.id ?? '';
}

describe('who may use the reports queue', () => {
  it('answers 401 to visitors and 403 to members on every admin route, changing nothing', async () => {
    const campaignId = await liveCampaign(t, scene.organiser.id);
    const id = await reported(campaignId);
    const calls: [method: 'GET' | 'POST', url: string, payload?: object][] = [
      ['GET', ''],
      ['GET', `/${id}`],
      ['POST', `/${id}/hold-payouts`],
      ['POST', `/${id}/release-payouts`],
      ['POST', `/${id}/close`, { decision: 'dismissed', outcome: 'Nothing wrong was found.' }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await adminCall(t, undefined, method, url, payload)).statusCode).toBe(401);
      expect((await adminCall(t, scene.member, method, url, payload)).statusCode).toBe(403);
    }
    expect((await reportRows(t, campaignId))[0]?.status).toBe('open');
    expect((await campaignHold(t, campaignId))?.at).toBeNull();
  });
});

describe('the queue', () => {
  it('lists open reports first, oldest first, with counts per campaign, and filters by status', async () => {
    const first = await liveCampaign(t, scene.organiser.id, { title: 'First campaign' });
    const second = await liveCampaign(t, scene.organiser.id, { title: 'Second campaign' });
    const a = await reported(first);
    const b = await reported(second);
    const c = await reported(first, undefined, 'offensive');
    const closed = await adminCall(t, admin, 'POST', `/${a}/close`, {
      decision: 'dismissed',
      outcome: 'The hospital confirmed the patient.',
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const all = await adminCall(t, admin, 'GET', '');
    expect(all.statusCode).toBe(200);
    expect(all.json().results.map((row: { _id: string }) => row._id)).toEqual([b, c, a]);
    expect(all.json().meta).toEqual({ page: 1, limit: 20, total: 3 });
    const rowC = all.json().results[1];
    expect(rowC).toMatchObject({
      campaignId: first,
      campaignTitle: 'First campaign',
      reason: 'offensive',
      reasonLabel: 'Offensive or inappropriate content',
      status: 'open',
      campaignReports: 2,
      campaignOpenReports: 1,
    });

    const open = await adminCall(t, admin, 'GET', '?status=open');
    expect(open.json().results.map((row: { _id: string }) => row._id)).toEqual([b, c]);
    const dismissed = await adminCall(t, admin, 'GET', '?status=dismissed');
    expect(dismissed.json().results.map((row: { _id: string }) => row._id)).toEqual([a]);
    expect((await adminCall(t, admin, 'GET', '?status=lost')).statusCode).toBe(400);
  });

  it("shows one report with its campaign's hold and the campaign's other reports", async () => {
    const campaignId = await liveCampaign(t, scene.organiser.id);
    const one = await reported(campaignId, 'ada@example.ng');
    const two = await reported(campaignId);
    const response = await adminCall(t, admin, 'GET', `/${one}`);
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result).toMatchObject({
      _id: one,
      reporterEmail: 'ada@example.ng',
      campaign: { _id: campaignId, status: 'active', payoutsFrozenAt: null },
    });
    expect(result.otherReports.map((row: { _id: string }) => row._id)).toEqual([two]);
    const missing = await adminCall(t, admin, 'GET', '/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });
});

describe('holding payouts', () => {
  it('holds payouts (a payout approval is then refused) and releases them, each audited', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 200_000 });
    const id = await reported(campaign.id);
    const payoutId = await requested(t, scene, campaign, { amount: 50_000 });

    const hold = await adminCall(t, admin, 'POST', `/${id}/hold-payouts`);
    expect(hold.statusCode, hold.body).toBe(200);
    expect(hold.json().message).toBe(
      'Payouts from this campaign are held while the report is reviewed.',
    );
    expect(hold.json().result.campaign.payoutsFrozenReason).toBe('A report is under review');
    expect(await campaignHold(t, campaign.id)).toMatchObject({
      at: expect.any(Date),
      reason: 'A report is under review',
    });
    expect(await lastAuditSummary(t)).toMatch(
      /held the payouts of the campaign “Dialysis for Baba Musa” while a report is reviewed$/,
    );

    const refused = await adminAction(t, scene.admins[0], payoutId, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/frozen: A report is under review$/);

    const release = await adminCall(t, admin, 'POST', `/${id}/release-payouts`);
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().result.campaign.payoutsFrozenAt).toBeNull();
    expect(await campaignHold(t, campaign.id)).toEqual({ at: null, reason: null });
    expect(await lastAuditSummary(t)).toMatch(
      /released the payouts of the campaign “Dialysis for Baba Musa”$/,
    );
    const approved = await adminAction(t, scene.admins[0], payoutId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('keeps a hold placed for another reason, and will not release it', async () => {
    const campaignId = await liveCampaign(t, scene.organiser.id);
    const since = new Date('2026-01-05T10:00:00Z');
    await t.database.db
      .update(campaigns)
      .set({ payoutsFrozenAt: since, payoutsFrozenReason: 'The bank account changed' })
      .where(eq(campaigns.id, campaignId));
    const id = await reported(campaignId);

    const hold = await adminCall(t, admin, 'POST', `/${id}/hold-payouts`);
    expect(hold.statusCode).toBe(200);
    expect(hold.json().message).toBe('Payouts from this campaign were already held.');
    expect(await campaignHold(t, campaignId)).toEqual({
      at: since,
      reason: 'The bank account changed',
    });

    const release = await adminCall(t, admin, 'POST', `/${id}/release-payouts`);
    expect(release.statusCode).toBe(409);
    expect(release.json().message).toMatch(/held for another reason \(The bank account changed\)/);
    expect((await campaignHold(t, campaignId))?.at).toEqual(since);
  });
});

describe('closing a report', () => {
  it('closes as dismissed, emails the outcome to the reporter, and refuses a second close', async () => {
    const campaignId = await liveCampaign(t, scene.organiser.id);
    const id = await reported(campaignId, 'chidi@example.ng');
    expect(await outboxTo(t, 'chidi@example.ng')).toHaveLength(1);

    const response = await adminCall(t, admin, 'POST', `/${id}/close`, {
      decision: 'dismissed',
      outcome: 'The hospital confirmed the bill and the patient.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('The report is closed as dismissed.');
    const [row] = await reportRows(t, campaignId);
    expect(row).toMatchObject({
      status: 'dismissed',
      outcome: 'The hospital confirmed the bill and the patient.',
      resolvedBy: admin.id,
      resolvedAt: expect.any(Date),
    });
    const emails = await outboxTo(t, 'chidi@example.ng');
    expect(emails).toHaveLength(2);
    const outcome = emails.find((email) => email.subject.includes('what we decided'));
    expect(outcome?.subject).toBe('Your report about "Dialysis for Baba Musa": what we decided');
    expect(outcome?.text).toContain('found no reason to act on it');
    expect(outcome?.text).toContain('The hospital confirmed the bill and the patient.');
    expect(await lastAuditSummary(t)).toMatch(
      /closed as dismissed a report of the campaign “Dialysis for Baba Musa”: The hospital confirmed/,
    );

    const again = await adminCall(t, admin, 'POST', `/${id}/close`, {
      decision: 'upheld',
      outcome: 'Changed my mind about it.',
    });
    expect(again.statusCode).toBe(409);
    expect((await reportRows(t, campaignId))[0]?.status).toBe('dismissed');
    expect(await outboxTo(t, 'chidi@example.ng')).toHaveLength(2);
  });

  it('closes as upheld without an email when the reporter gave none', async () => {
    const campaignId = await liveCampaign(t, scene.organiser.id);
    const id = await reported(campaignId);
    const response = await adminCall(t, admin, 'POST', `/${id}/close`, {
      decision: 'upheld',
      outcome: 'The campaign was taken down.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.status).toBe('upheld');
    expect(await t.database.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it.each([
    ['decision', { decision: 'maybe', outcome: 'The hospital confirmed it.' }],
    ['decision', { outcome: 'The hospital confirmed it.' }],
    ['outcome', { decision: 'upheld', outcome: 'Too short' }],
    ['outcome', { decision: 'upheld', outcome: 'o'.repeat(2001) }],
  ])('refuses a bad %s (%j) and leaves the report open', async (field, payload) => {
    const campaignId = await liveCampaign(t, scene.organiser.id);
    const id = await reported(campaignId, 'bola@example.ng');
    const response = await adminCall(t, admin, 'POST', `/${id}/close`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
    expect((await reportRows(t, campaignId))[0]?.status).toBe('open');
    expect(await outboxTo(t, 'bola@example.ng')).toHaveLength(1);
  });
});
