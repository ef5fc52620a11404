import { campaignReports, emailOutbox, rateEvents } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import {
  freshAddress,
  liveCampaign,
  report,
  reportRows,
  validReport,
} from '../../../test/campaign-reports-suite.ts';
import { createMembers } from '../../../test/campaigns.ts';
import { createTestApp, outboxTo, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let organiser: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  [organiser, member] = (await createMembers(t, 2)) as [SignedInUser, SignedInUser];
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(campaignReports);
  await t.database.db.delete(emailOutbox);
  await t.database.db.delete(rateEvents);
});

describe('POST /api/v1/crowdfunding/{id}/reports', () => {
  it("stores a visitor's report without an email, and sends nothing", async () => {
    const id = await liveCampaign(t, organiser.id);
    const response = await report(t, id, { ...validReport, email: '' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      message: 'Thank you for your report. Our team will look into it.',
    });
    const [row] = await reportRows(t, id);
    expect(row).toMatchObject({
      reason: 'scam',
      details: validReport.details,
      reporterEmail: null,
      reporterUserId: null,
      status: 'open',
      resolvedAt: null,
    });
    expect(await t.database.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('records a signed-in member and acknowledges the report to the email given', async () => {
    const id = await liveCampaign(t, organiser.id, { title: 'Kidney transplant for Halima' });
    const response = await report(
      t,
      id,
      { ...validReport, reason: 'private-details', email: ' Amaka@Example.NG ' },
      { as: member },
    );
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await reportRows(t, id);
    expect(row).toMatchObject({ reporterUserId: member.id, reporterEmail: 'amaka@example.ng' });
    const emails = await outboxTo(t, 'amaka@example.ng');
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('We received your report about "Kidney transplant for Halima"');
    expect(emails[0]?.text).toContain(
      'Your reason: It shares someone’s private details without consent.',
    );
    expect(emails[0]?.text).toContain(`/campaigns/${id}`);
  });

  it('accepts a completed campaign, and details of exactly 20 and 2,000 characters', async () => {
    const id = await liveCampaign(t, organiser.id, { status: 'completed' });
    const short = await report(t, id, { ...validReport, details: `  ${'d'.repeat(20)}  ` });
    expect(short.statusCode, short.body).toBe(201);
    const other = await liveCampaign(t, organiser.id);
    expect((await report(t, other, { ...validReport, details: 'd'.repeat(2000) })).statusCode).toBe(
      201,
    );
    expect((await reportRows(t, id))[0]?.details).toBe('d'.repeat(20));
  });

  it.each([
    ['reason', { reason: 'spam' }, /Choose why/],
    ['reason', { reason: undefined }, /Choose why/],
    ['details', { details: 'd'.repeat(19) }, /at least 20/],
    ['details', { details: `${' '.repeat(10)}${'d'.repeat(19)}${' '.repeat(10)}` }, /at least 20/],
    ['details', { details: 'd'.repeat(2001) }, /at most 2,000/],
    ['details', { details: undefined }, /required/],
    ['email', { email: 'not-an-email' }, /valid email/],
  ])('refuses a bad %s (%j), writing and sending nothing', async (field, override, text) => {
    const id = await liveCampaign(t, organiser.id);
    const response = await report(t, id, { ...validReport, email: 'a@example.ng', ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[field]).toMatch(text);
    expect(await reportRows(t)).toHaveLength(0);
    expect(await t.database.db.select().from(emailOutbox)).toHaveLength(0);
    expect(await t.database.db.select().from(rateEvents)).toHaveLength(0);
  });

  it('answers 404 for a campaign that is not live or completed, and 400 for a bad id', async () => {
    const refused = [
      await liveCampaign(t, organiser.id, { status: 'awaiting_review', approvedAt: null }),
      await liveCampaign(t, organiser.id, { status: 'rejected' }),
      await liveCampaign(t, organiser.id, { deletedAt: new Date() }),
      '00000000-0000-4000-8000-000000000000',
    ];
    for (const id of refused) {
      const response = await report(t, id, validReport);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Campaign not found');
      const form = await t.app.inject({ url: `/api/v1/crowdfunding/${id}/reports/form` });
      expect(form.statusCode).toBe(404);
    }
    expect((await report(t, 'not-a-uuid', validReport)).statusCode).toBe(400);
    expect(await reportRows(t)).toHaveLength(0);
  });

  it('names the campaign for the report form', async () => {
    const id = await liveCampaign(t, organiser.id);
    const response = await t.app.inject({ url: `/api/v1/crowdfunding/${id}/reports/form` });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({
      _id: id,
      title: 'Dialysis for Baba Musa',
      fundraisingFor: 'Musa Danjuma',
    });
  });
});

describe('limits on reports', () => {
  it('takes 5 reports an hour from one address, then 429 with a wait and nothing written', async () => {
    const address = freshAddress();
    const ids = await Promise.all(Array.from({ length: 6 }, () => liveCampaign(t, organiser.id)));
    for (const id of ids.slice(0, 5)) {
      const response = await report(t, id, { ...validReport, email: 'r@example.ng' }, { address });
      expect(response.statusCode, response.body).toBe(201);
    }
    const limited = await report(
      t,
      ids[5] ?? '',
      { ...validReport, email: 'r@example.ng' },
      { address },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.json().message).toMatch(
      /^You have sent several reports in the last hour\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await reportRows(t)).toHaveLength(5);
    expect(await outboxTo(t, 'r@example.ng')).toHaveLength(5);
    // Another address is not affected.
    expect((await report(t, ids[5] ?? '', validReport)).statusCode).toBe(201);
  });

  it('counts a flood sent at once: no more than 5 get through', async () => {
    const address = freshAddress();
    const ids = await Promise.all(Array.from({ length: 8 }, () => liveCampaign(t, organiser.id)));
    const answers = await Promise.all(ids.map((id) => report(t, id, validReport, { address })));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await reportRows(t)).toHaveLength(5);
  });

  it('takes one report of a campaign a day from one address', async () => {
    const id = await liveCampaign(t, organiser.id);
    const address = freshAddress();
    expect((await report(t, id, validReport, { address })).statusCode).toBe(201);
    const again = await report(t, id, { ...validReport, reason: 'other' }, { address });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^You have already reported this campaign today\./);
    expect(await reportRows(t, id)).toHaveLength(1);
    // The same address may still report another campaign, and others this one.
    expect(
      (await report(t, await liveCampaign(t, organiser.id), validReport, { address })).statusCode,
    ).toBe(201);
    expect((await report(t, id, validReport)).statusCode).toBe(201);
  });

  it('takes 30 reports of one campaign a day in all, then refuses with 429', async () => {
    const id = await liveCampaign(t, organiser.id);
    for (let i = 0; i < 30; i++) {
      expect((await report(t, id, validReport)).statusCode).toBe(201);
    }
    const limited = await report(t, id, { ...validReport, email: 'late@example.ng' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^This campaign has been reported many times today and our team is already looking into it\./,
    );
    expect(await reportRows(t, id)).toHaveLength(30);
    expect(await outboxTo(t, 'late@example.ng')).toHaveLength(0);
    // Other campaigns are not affected.
    expect((await report(t, await liveCampaign(t, organiser.id), validReport)).statusCode).toBe(
      201,
    );
  });
});
