import { campaignDocuments, campaigns, eq, facilityPayoutAccounts } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  createFundedCampaign,
  createScene,
  expectLedgerHolds,
  fund,
  ledger,
  payoutRow,
  requestBody,
  requested,
  requestPayout,
  type Scene,
} from '../../../test/payouts-suite.ts';
import { listEmails } from '../../plugins/mail/outbox.repository.ts';

let t: TestApp;
let scene: Scene;

beforeAll(async () => {
  t = await createTestApp();
  scene = await createScene(t);
});
afterAll(() => t.close());

describe('requesting a payout', () => {
  it('holds the amount, copies the hospital as payee by default and tells the organiser', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 300_000 });
    const response = await requestPayout(
      t,
      scene.organiser,
      campaign.id,
      requestBody(campaign.billId, { amount: 120_000.5 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { result } = response.json();
    expect(result).toMatchObject({
      amount: 120_000.5,
      status: 'requested',
      statusLabel: 'Waiting for approval',
      payee: {
        kind: 'hospital',
        name: 'Lagos University Teaching Hospital',
        accountNumber: '••5060',
      },
      transferCode: null,
    });
    expect(result.reference).toMatch(/^IPP-[A-Z2-7]{20}$/);
    const row = await payoutRow(t, result._id);
    expect(row).toMatchObject({
      amountKobo: 12_000_050,
      payeeKind: 'hospital',
      facilityId: scene.facilityId,
      bankCode: '011',
      accountNumber: '2030405060',
      recipientCode: 'RCP_luth',
      requestedBy: scene.organiser.id,
    });
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      available: 30_000_000 - 12_000_050,
      pending: 12_000_050,
    });
    const [email] = await listEmails(t.database.db, { to: scene.organiser.email });
    expect(email?.subject).toBe('Payout requested: ₦120,000.50 from Dialysis for Baba Musa');
  });

  it('pays the beneficiary’s verified account when the hospital has no verified account', async () => {
    const campaign = await createFundedCampaign(t, scene, {
      naira: 50_000,
      overrides: { facilityId: null },
    });
    const response = await requestPayout(
      t,
      scene.organiser,
      campaign.id,
      requestBody(campaign.billId, { amount: 50_000 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().result.payee).toMatchObject({
      kind: 'beneficiary',
      name: 'DANJUMA MUSA IBRAHIM',
    });
    expect((await payoutRow(t, response.json().result._id)).recipientCode).toBeNull();
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      available: 0,
      pending: 5_000_000,
    });
  });

  it('refuses each broken rule with a message naming it, and holds nothing', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 100_000 });
    const refused = async (
      body: object,
      status: number,
      field: string | null,
      text: RegExp,
      id = campaign.id,
    ) => {
      const response = await requestPayout(
        t,
        scene.organiser,
        id,
        requestBody(campaign.billId, body),
      );
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(text);
      if (field) expect(response.json().errors?.[field]).toMatch(text);
    };
    await refused({ amount: 0 }, 400, 'amount', /more than ₦0/);
    await refused({ amount: 10.001 }, 400, 'amount', /whole kobo/);
    await refused({ amount: 100_000.01 }, 409, 'amount', /^Only ₦100,000 is available\.$/);
    await refused({ purpose: 'x' }, 400, 'purpose', /at least 5/);
    await refused({ purpose: 'y'.repeat(301) }, 400, 'purpose', /at most 300/);
    await refused({ payee: 'cousin' }, 400, 'payee', /hospital or beneficiary/);
    await refused({ billDocumentId: 'nope' }, 400, 'billDocumentId', /bill/);
    // A bill of another campaign, an unattached one, a medical report: not this payout's bill.
    const other = await createFundedCampaign(t, scene);
    await refused(
      { billDocumentId: other.billId },
      400,
      'billDocumentId',
      /attached to this campaign/,
    );
    const [report] = await t.database.db
      .insert(campaignDocuments)
      .values({
        userId: scene.organiser.id,
        campaignId: campaign.id,
        kind: 'medical_report',
        storageKey: `private/report-${campaign.id}.pdf`,
        fileName: 'report.pdf',
        contentType: 'application/pdf',
        sizeBytes: 10,
        attachedAt: new Date(),
      })
      .returning({ id: campaignDocuments.id });
    await refused({ billDocumentId: report?.id }, 400, 'billDocumentId', /bill or invoice/);

    // Beneficiary: the account must be verified, and the campaign small enough.
    await t.database.db
      .update(campaigns)
      .set({ accountVerifiedAt: null })
      .where(eq(campaigns.id, campaign.id));
    await refused({ payee: 'beneficiary' }, 400, 'payee', /not been verified/);
    await t.database.db
      .update(campaigns)
      .set({ accountVerifiedAt: new Date(), amountNeeded: 2_000_001 })
      .where(eq(campaigns.id, campaign.id));
    await refused(
      { payee: 'beneficiary' },
      400,
      'payee',
      /^Above ₦2,000,000, payouts go only to a verified hospital account\.$/,
    );

    // Hospital: the campaign needs a facility whose payout account is verified.
    await t.database.db
      .update(campaigns)
      .set({ facilityId: null, facilityName: 'Unlisted Clinic', amountNeeded: 800_000 })
      .where(eq(campaigns.id, campaign.id));
    await refused({ payee: 'hospital' }, 400, 'payee', /no verified payout account/);

    // Frozen, then not live.
    await t.database.db
      .update(campaigns)
      .set({
        payoutsFrozenAt: new Date(),
        payoutsFrozenReason: 'A donor reported the bill as forged',
      })
      .where(eq(campaigns.id, campaign.id));
    await refused(
      {},
      409,
      null,
      /^Payouts from this campaign are frozen: A donor reported the bill as forged$/,
    );
    await t.database.db
      .update(campaigns)
      .set({ payoutsFrozenAt: null, status: 'awaiting_review' })
      .where(eq(campaigns.id, campaign.id));
    await refused({}, 409, null, /live or completed/);
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      available: 10_000_000,
      pending: 0,
    });
  });

  it('answers 404 to anyone but the organiser, admins included', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 1000 });
    for (const as of [scene.member, scene.admins[0]]) {
      const response = await requestPayout(t, as, campaign.id, requestBody(campaign.billId));
      expect(response.statusCode).toBe(404);
    }
    const gone = await createFundedCampaign(t, scene, {
      naira: 1000,
      overrides: { deletedAt: new Date() },
    });
    expect(
      (await requestPayout(t, scene.organiser, gone.id, requestBody(gone.billId, { amount: 10 })))
        .statusCode,
    ).toBe(404);
    expect(
      (await apiCall(t, 'GET', `/crowdfunding/${campaign.id}/payouts`, { as: scene.member }))
        .statusCode,
    ).toBe(404);
  });

  it('never overdraws: of concurrent requests, exactly those that fit are held', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 100_000 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        requestPayout(
          t,
          scene.organiser,
          campaign.id,
          requestBody(campaign.billId, { amount: 30_000 }),
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().errors.amount).toMatch(
        /^Only ₦(10,000|40,000|70,000|100,000) is available\.$/,
      );
    }
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      available: 1_000_000,
      pending: 9_000_000,
    });
  });
});

describe('cancelling and listing', () => {
  it('lets the organiser cancel a waiting request (money back), once', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 10_000 });
    const id = await requested(t, scene, campaign, { amount: 4_000 });
    expect(
      (await apiCall(t, 'POST', `/payouts/${id}/cancel`, { as: scene.member })).statusCode,
    ).toBe(404);
    const response = await apiCall(t, 'POST', `/payouts/${id}/cancel`, { as: scene.organiser });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.status).toBe('cancelled');
    const again = await apiCall(t, 'POST', `/payouts/${id}/cancel`, { as: scene.organiser });
    expect(again.statusCode).toBe(409);
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      available: 1_000_000,
      pending: 0,
    });
  });

  it('shows the organiser and admins the payouts, balance and payees; admins filter all payouts', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 10_000 });
    const id = await requested(t, scene, campaign, { amount: 2_500 });
    const mine = await apiCall(t, 'GET', `/crowdfunding/${campaign.id}/payouts`, {
      as: scene.organiser,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      results: [{ _id: id, status: 'requested', payee: { accountNumber: '••5060' } }],
      balance: { available: 7_500, pendingPayout: 2_500, paidOut: 0, refunded: 0 },
      payees: {
        defaultPayee: 'hospital',
        hospital: { allowed: true },
        beneficiary: { allowed: true },
      },
      blocked: null,
    });
    const asAdmin = await apiCall(t, 'GET', `/crowdfunding/${campaign.id}/payouts`, {
      as: scene.admins[0],
    });
    expect(asAdmin.json().results[0].payee.accountNumber).toBe('2030405060');
    const list = await apiCall(
      t,
      'GET',
      `/admin/crowdfunding-payouts?status=requested&campaignId=${campaign.id}`,
      { as: scene.admins[0] },
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results.map((p: { _id: string }) => p._id)).toEqual([id]);
    expect(list.json().meta).toMatchObject({ page: 1, total: 1 });
    const none = await apiCall(
      t,
      'GET',
      `/admin/crowdfunding-payouts?status=paid&campaignId=${campaign.id}`,
      {
        as: scene.admins[0],
      },
    );
    expect(none.json().results).toEqual([]);
    expect(
      (await apiCall(t, 'GET', '/admin/crowdfunding-payouts', { as: scene.organiser })).statusCode,
    ).toBe(403);
    const one = await apiCall(t, 'GET', `/admin/crowdfunding-payouts/${id}`, {
      as: scene.admins[1],
    });
    expect(one.json().result).toMatchObject({ _id: id, campaignTitle: 'Dialysis for Baba Musa' });
  });

  it('counts a hospital account only once it is verified', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 1_000 });
    await t.database.db
      .update(facilityPayoutAccounts)
      .set({ verifiedAt: null, recipientCode: null })
      .where(eq(facilityPayoutAccounts.facilityId, scene.facilityId));
    try {
      const response = await requestPayout(
        t,
        scene.organiser,
        campaign.id,
        requestBody(campaign.billId, { amount: 500 }),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().result.payee.kind).toBe('beneficiary');
      await fund(t, campaign.id, 100);
      expect((await ledger(t, campaign.id)).available).toBe(50_100);
    } finally {
      await t.database.db
        .update(facilityPayoutAccounts)
        .set({ verifiedAt: new Date(), recipientCode: 'RCP_luth' })
        .where(eq(facilityPayoutAccounts.facilityId, scene.facilityId));
    }
  });
});
