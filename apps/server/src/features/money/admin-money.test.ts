import { campaigns, eq, greenHeartFund, sql } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  insertBill,
  insertPayout,
  paidGift,
  pendingGift,
  reconciliation,
  refund,
} from '../../../test/money-suite.ts';
import { csvCell, toCsv } from './csv.ts';

describe('the admin money section', () => {
  let t: TestApp;
  let organiser: SignedInUser;
  let admin: SignedInUser;
  let campaignId: string;
  let otherId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [organiser] = (await createMembers(t, 1)) as [SignedInUser];
    [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
    campaignId = (await insertCampaignRow(t, organiser.id, { title: 'Kidney for Ngozi' })).id;
    otherId = (await insertCampaignRow(t, organiser.id, { title: 'Chemo for Bayo' })).id;
    await paidGift(t, campaignId, 3000, { donorEmail: 'ada@example.com' });
    const refunded = await paidGift(t, campaignId, 2000, { donorEmail: 'bola@example.com' });
    await paidGift(t, otherId, 7000, { donorEmail: 'chidi@example.com' });
    await pendingGift(t, campaignId, 900, { donorEmail: 'dayo@example.com' });
    await paidGift(t, null, 400, { donorEmail: 'fund@example.com' });
    await paidGift(t, otherId, 100, {
      donorName: '=HYPERLINK("http://evil.example","Click")',
      donorEmail: 'evil@example.com',
    });
    await refund(t, admin, refunded.id, { amount: 500, reason: 'Gave, "by mistake", twice' });
    const bill = await insertBill(t, organiser.id, otherId);
    await insertPayout(t, { campaignId: otherId, amountKobo: 300_000, billDocumentId: bill.id });
  });
  afterAll(() => t.close());

  const get = (url: string) => apiCall(t, 'GET', url, { as: admin });

  it('lists donations with filters, a page and the totals of the whole filter', async () => {
    const all = await get('/admin/money/donations?limit=2');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().results).toHaveLength(2);
    expect(all.json().totals).toEqual({ count: 6, amount: 13_400 });
    expect(all.json().meta).toEqual({ page: 1, limit: 2, total: 6 });
    const paid = await get(`/admin/money/donations?status=succeeded&campaignId=${campaignId}`);
    expect(paid.json().totals).toEqual({ count: 2, amount: 5000 });
    expect(
      paid
        .json()
        .results.map((row: { donorEmail: string }) => row.donorEmail)
        .sort(),
    ).toEqual(['ada@example.com', 'bola@example.com']);
    expect(paid.json().results.find((row: { refunded: number }) => row.refunded > 0)).toMatchObject(
      { refunded: 500, campaignTitle: 'Kidney for Ngozi' },
    );
    const fund = await get('/admin/money/donations?campaignId=fund');
    expect(fund.json().totals).toEqual({ count: 1, amount: 400 });
    expect(fund.json().results[0]).toMatchObject({ campaignId: null, campaignTitle: null });
    const search = await get('/admin/money/donations?search=CHIDI@');
    expect(search.json().totals.count).toBe(1);
    const wildcard = await get('/admin/money/donations?search=%25');
    expect(wildcard.json().totals.count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/admin/money/donations?from=${today}`)).json().totals.count).toBe(6);
    expect((await get('/admin/money/donations?to=2020-01-01')).json().totals.count).toBe(0);
    const bad = await get('/admin/money/donations?from=yesterday&status=lost');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'status']);
  });

  it('lists refunds and payouts with their totals', async () => {
    const refunds = await get('/admin/money/refunds?status=pending');
    expect(refunds.json().totals).toEqual({ count: 1, amount: 500 });
    expect(refunds.json().results[0]).toMatchObject({
      donorEmail: 'bola@example.com',
      campaignTitle: 'Kidney for Ngozi',
      reason: 'Gave, "by mistake", twice',
    });
    expect((await get('/admin/money/refunds?status=processed')).json().totals.count).toBe(0);
    const payouts = await get(`/admin/money/payouts?campaignId=${otherId}`);
    expect(payouts.json().totals).toEqual({ count: 1, amount: 3000 });
    expect(payouts.json().results[0]).toMatchObject({ account: '••4579', status: 'requested' });
    expect(payouts.body).not.toContain('1234564579');
  });

  it('exports CSV files that a spreadsheet reads as text', async () => {
    const response = await get('/admin/money/donations.csv?status=succeeded');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="ipatient-donations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Reference,Date,Status,Campaign,Donor,Anonymous,Email,Amount (NGN),Refunded (NGN),Flagged,Paid at',
    );
    expect(lines).toHaveLength(6);
    const evil = lines.find((line) => line.includes('evil@example.com'));
    expect(evil).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
    expect(response.body).not.toMatch(/,=HYPERLINK/);
    const refunds = await get('/admin/money/refunds.csv');
    expect(refunds.body).toContain('"Gave, ""by mistake"", twice"');
    expect(refunds.headers['content-disposition']).toContain('ipatient-refunds-');
    const payouts = await get('/admin/money/payouts.csv');
    expect(payouts.body.split('\r\n')[1]).toContain('Chemo for Bayo');
    expect(payouts.body).not.toContain('1234564579');
  });

  it('escapes cells for CSV and against formulas', () => {
    expect(csvCell('+2348031234567')).toBe("'+2348031234567");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell(-1500)).toBe('-1500');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('reconciles: ok on consistent data, a mismatch named when a counter moves without a row', async () => {
    const clean = await reconciliation(t, admin);
    expect(clean).toMatchObject({ ok: true, campaigns: [], fund: { ok: true, problems: [] } });
    expect(clean.checked).toBeGreaterThanOrEqual(2);
    // Money appears on the campaign (the check still holds) with no donation behind it.
    await t.database.db
      .update(campaigns)
      .set({
        donatedKobo: sql`${campaigns.donatedKobo} + 12345`,
        availableKobo: sql`${campaigns.availableKobo} + 12345`,
      })
      .where(eq(campaigns.id, otherId));
    const wrong = await reconciliation(t, admin);
    expect(wrong.ok).toBe(false);
    expect(wrong.campaigns).toHaveLength(1);
    expect(wrong.campaigns[0]).toMatchObject({
      campaignId: otherId,
      problems: [
        'donated: counter ₦7,223.45, rows ₦7,100',
        'amount raised: shown ₦7,100, ledger ₦7,223',
      ],
    });
    await t.database.db
      .update(greenHeartFund)
      .set({
        donatedKobo: sql`${greenHeartFund.donatedKobo} + 100`,
        availableKobo: sql`${greenHeartFund.availableKobo} + 100`,
      })
      .where(eq(greenHeartFund.id, 1));
    const fund = await reconciliation(t, admin);
    expect(fund.fund).toEqual(
      expect.objectContaining({ ok: false, problems: ['donated: counter ₦401, rows ₦400'] }),
    );
  });
});
