import { payoutTexts } from '@ipatient/contracts/payouts';
import { campaigns, eq } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembers } from '../../../test/campaigns.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  adminAction,
  approved,
  createFundedCampaign,
  createScene,
  expectLedgerHolds,
  payoutRow,
  requestBody,
  requested,
  requestPayout,
  type Scene,
} from '../../../test/payouts-suite.ts';
import { SANDBOX_TRANSFER_OTP } from '../../plugins/payments/sandbox.ts';

let t: TestApp;
let scene: Scene;

beforeAll(async () => {
  t = await createTestApp();
  scene = await createScene(t);
});
afterAll(() => t.close());

describe('four eyes', () => {
  it('an admin never approves their own request, nor a request of their own campaign', async () => {
    const [organiserAdmin] = await createMembers(t, 1, 'admin');
    if (!organiserAdmin) throw new Error('no admin');
    const campaign = await createFundedCampaign(
      t,
      { ...scene, organiser: organiserAdmin },
      { naira: 5_000 },
    );
    const response = await requestPayout(
      t,
      organiserAdmin,
      campaign.id,
      requestBody(campaign.billId, { amount: 1_000 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().result._id;
    const own = await adminAction(t, organiserAdmin, id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve your own request.');
    expect((await payoutRow(t, id)).status).toBe('requested');
    expect((await adminAction(t, scene.admins[0], id, 'approve')).statusCode).toBe(200);
    // Nor does the organiser-admin release it.
    const release = await adminAction(t, organiserAdmin, id, 'release');
    expect(release.statusCode).toBe(403);
  });

  it('the approver cannot release; members cannot act; a second approval is refused', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 5_000 });
    const id = await approved(t, scene, campaign, { amount: 1_000 });
    const same = await adminAction(t, scene.admins[0], id, 'release');
    expect(same.statusCode).toBe(403);
    expect(same.json().message).toMatch(/^A different admin must release/);
    expect((await payoutRow(t, id)).status).toBe('approved');
    expect((await adminAction(t, scene.organiser, id, 'release')).statusCode).toBe(403);
    expect((await adminAction(t, scene.admins[1], id, 'approve')).statusCode).toBe(409);
    await expectLedgerHolds(t, campaign.id);
  });

  it('refuses a payout (requested or approved) with a reason, money back; a refused one cannot be released', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 5_000 });
    const first = await requested(t, scene, campaign, { amount: 2_000 });
    const second = await approved(t, scene, campaign, { amount: 3_000 });
    const noReason = await adminAction(t, scene.admins[1], first, 'reject', { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toMatch(/at least 3/);
    for (const id of [first, second]) {
      const response = await adminAction(t, scene.admins[1], id, 'reject', {
        reason: 'The bill is for another patient',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result).toMatchObject({
        status: 'rejected',
        reason: 'The bill is for another patient',
      });
    }
    expect((await adminAction(t, scene.admins[2], second, 'release')).statusCode).toBe(409);
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      available: 500_000,
      pending: 0,
    });
  });

  it('re-checks the payee at release: a beneficiary account that changed cannot be paid', async () => {
    const campaign = await createFundedCampaign(t, scene, {
      naira: 5_000,
      overrides: { facilityId: null },
    });
    const id = await approved(t, scene, campaign, { amount: 1_000 });
    await t.database.db
      .update(campaigns)
      .set({ accountVerifiedAt: null, accountNumber: '9999999999' })
      .where(eq(campaigns.id, campaign.id));
    const unverified = await adminAction(t, scene.admins[1], id, 'release');
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().errors.payee).toMatch(/not been verified/);
    await t.database.db
      .update(campaigns)
      .set({ accountVerifiedAt: new Date() })
      .where(eq(campaigns.id, campaign.id));
    const changed = await adminAction(t, scene.admins[1], id, 'release');
    expect(changed.statusCode).toBe(409);
    expect(changed.json().errors.payee).toMatch(/changed since/);
    expect((await payoutRow(t, id)).status).toBe('approved');
  });

  it('neither approves nor releases while the campaign is back in review or frozen', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 5_000 });
    const waiting = await requested(t, scene, campaign, { amount: 1_000 });
    const ready = await approved(t, scene, campaign, { amount: 1_000 });
    // A change of the story sends the campaign back to review after the approval.
    await t.database.db
      .update(campaigns)
      .set({ status: 'awaiting_review' })
      .where(eq(campaigns.id, campaign.id));
    const approval = await adminAction(t, scene.admins[0], waiting, 'approve');
    expect(approval.statusCode).toBe(409);
    const release = await adminAction(t, scene.admins[1], ready, 'release');
    expect(release.statusCode).toBe(409);
    expect(release.json().message).toBe(payoutTexts.notLive);
    await t.database.db
      .update(campaigns)
      .set({ status: 'active', payoutsFrozenAt: new Date(), payoutsFrozenReason: 'Reported' })
      .where(eq(campaigns.id, campaign.id));
    const frozen = await adminAction(t, scene.admins[1], ready, 'release');
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toContain('Reported');
    expect((await payoutRow(t, waiting)).status).toBe('requested');
    expect((await payoutRow(t, ready)).status).toBe('approved');
  });

  it('keeps a released transfer waiting for its code while the campaign may not be paid', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 5_000 });
    const id = await approved(t, scene, campaign, { amount: 1_000 });
    const released = await adminAction(t, scene.admins[1], id, 'release');
    expect(released.json().result.status).toBe('otp');
    const setFrozen = (at: Date | null) =>
      t.database.db
        .update(campaigns)
        .set({ payoutsFrozenAt: at, payoutsFrozenReason: at ? 'Reported' : null })
        .where(eq(campaigns.id, campaign.id));
    await setFrozen(new Date());
    const frozen = await adminAction(t, scene.admins[1], id, 'finalize', {
      otp: SANDBOX_TRANSFER_OTP,
    });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toContain('Reported');
    expect((await payoutRow(t, id)).status).toBe('otp');
    await setFrozen(null);
    const finalized = await adminAction(t, scene.admins[1], id, 'finalize', {
      otp: SANDBOX_TRANSFER_OTP,
    });
    expect(finalized.statusCode, finalized.body).toBe(200);
    expect((await payoutRow(t, id)).status).toBe('processing');
  });
});

describe('the sandbox bank', () => {
  it('release asks for the OTP, finalize sends it, the sandbox bank pays through the signed webhook', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 40_000 });
    const id = await approved(t, scene, campaign, { amount: 25_000 });
    const released = await adminAction(t, scene.admins[1], id, 'release');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().result).toMatchObject({
      status: 'otp',
      transferCode: expect.stringMatching(/^TRF_/),
    });
    const early = await adminAction(t, scene.admins[1], id, 'sandbox-settle', {
      outcome: 'success',
    });
    expect(early.statusCode).toBe(409);
    const wrong = await adminAction(t, scene.admins[1], id, 'finalize', { otp: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await payoutRow(t, id)).status).toBe('otp');
    const finalized = await adminAction(t, scene.admins[1], id, 'finalize', {
      otp: SANDBOX_TRANSFER_OTP,
    });
    expect(finalized.json().result.status).toBe('processing');
    const settled = await adminAction(t, scene.admins[1], id, 'sandbox-settle', {
      outcome: 'success',
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().result.status).toBe('paid');
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      paidOut: 2_500_000,
      available: 1_500_000,
    });
    const reversed = await adminAction(t, scene.admins[2], id, 'sandbox-settle', {
      outcome: 'reversed',
    });
    expect(reversed.json().result.status).toBe('reversed');
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      paidOut: 0,
      available: 4_000_000,
    });
  });

  it('a failed sandbox transfer returns the money; the audit log names each step', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 1_000 });
    const id = await approved(t, scene, campaign, { amount: 1_000 });
    await adminAction(t, scene.admins[1], id, 'release');
    await adminAction(t, scene.admins[1], id, 'finalize', { otp: SANDBOX_TRANSFER_OTP });
    const failed = await adminAction(t, scene.admins[1], id, 'sandbox-settle', {
      outcome: 'failed',
    });
    expect(failed.json().result.status).toBe('failed');
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      available: 100_000,
      pending: 0,
    });
    const audit = await apiCall(t, 'GET', `/admin/audit?entityId=${id}`, { as: scene.admins[2] });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().results.length).toBe(4);
  });

  it('is hidden from the API document', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(document.json().paths);
    expect(paths).toContain('/api/v1/admin/crowdfunding-payouts/{id}/release');
    expect(paths).not.toContain('/api/v1/admin/crowdfunding-payouts/{id}/sandbox-settle');
  });
});
