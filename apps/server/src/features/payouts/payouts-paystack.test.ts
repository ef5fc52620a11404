import { campaigns, eq } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  adminAction,
  approved,
  behaviour,
  createFundedCampaign,
  createScene,
  expectLedgerHolds,
  fund,
  PAYSTACK_OTP,
  payoutRow,
  paystackEnv,
  resetPaystack,
  runVerifyJob,
  type Scene,
  seen,
  startPaystack,
  stopPaystack,
  transfers,
  transferWebhook,
} from '../../../test/payouts-suite.ts';
import { listEmails } from '../../plugins/mail/outbox.repository.ts';

beforeAll(startPaystack);
afterAll(stopPaystack);
beforeEach(resetPaystack);

let t: TestApp;
let scene: Scene;

beforeAll(async () => {
  t = await createTestApp({ env: paystackEnv() });
  scene = await createScene(t);
});
afterAll(() => t.close());

const transferCalls = () => seen.filter((r) => r.method === 'POST' && r.path === '/transfer');

describe('releasing through Paystack', () => {
  it('sends one transfer in kobo to the hospital’s recipient; the webhook pays it and tells the informed donors', async () => {
    behaviour.transferStatus = 'pending';
    const campaign = await createFundedCampaign(t, scene, { naira: 200_000 });
    await fund(t, campaign.id, 100_000, { email: 'Informed@Example.ng', keepInformed: true });
    await fund(t, campaign.id, 100_000, { email: 'informed@example.ng', keepInformed: true });
    await fund(t, campaign.id, 100_000, { email: 'quiet@example.ng', keepInformed: false });
    const id = await approved(t, scene, campaign, { amount: 150_000 });
    const response = await adminAction(t, scene.admins[1], id, 'release');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Transfer sent to the bank.',
      result: { status: 'processing' },
    });
    const row = await payoutRow(t, id);
    expect(transferCalls().map((r) => r.body)).toEqual([
      {
        source: 'balance',
        amount: 15_000_000,
        recipient: 'RCP_luth',
        reference: row.reference,
        reason: 'Spine surgery deposit at LUTH',
        currency: 'NGN',
      },
    ]);
    expect(row).toMatchObject({
      status: 'processing',
      releasedBy: scene.admins[1].id,
      transferCode: expect.stringMatching(/^TRF_fake\d+$/),
    });
    expect((await expectLedgerHolds(t, campaign.id)).pending).toBe(15_000_000);

    const paid = await transferWebhook(t, 'transfer.success', {
      reference: row.reference,
      amount: 15_000_000,
      transfer_code: row.transferCode,
      status: 'success',
    });
    expect(paid.statusCode).toBe(200);
    expect(await payoutRow(t, id)).toMatchObject({ status: 'paid' });
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      pending: 0,
      paidOut: 15_000_000,
      available: 20_300_000 - 15_000_000,
    });
    const informed = await listEmails(t.database.db, { to: 'informed@example.ng' });
    expect(informed.map((e) => e.subject)).toEqual([
      '₦150,000 reached Lagos University Teaching Hospital for "Dialysis for Baba Musa"',
    ]);
    expect(informed[0]?.text).toContain(
      '₦150,000 was paid to Lagos University Teaching Hospital for Spine surgery deposit at LUTH',
    );
    expect(await listEmails(t.database.db, { to: 'quiet@example.ng' })).toEqual([]);
    const organiser = (await listEmails(t.database.db, { to: scene.organiser.email })).map(
      (e) => e.subject,
    );
    expect(organiser.slice(0, 3)).toEqual([
      'Payout paid: ₦150,000 from Dialysis for Baba Musa',
      'Payout sent: ₦150,000 from Dialysis for Baba Musa',
      'Payout approved: ₦150,000 from Dialysis for Baba Musa',
    ]);

    // Replayed: nothing moves, no second email.
    expect(
      (
        await transferWebhook(t, 'transfer.success', {
          reference: row.reference,
          amount: 15_000_000,
          status: 'success',
        })
      ).statusCode,
    ).toBe(200);
    expect(await listEmails(t.database.db, { to: 'informed@example.ng' })).toHaveLength(1);
    expect((await expectLedgerHolds(t, campaign.id)).paidOut).toBe(15_000_000);
  });

  it('registers the beneficiary’s account as a recipient before its first transfer', async () => {
    behaviour.transferStatus = 'pending';
    const campaign = await createFundedCampaign(t, scene, {
      naira: 5_000,
      overrides: { facilityId: null },
    });
    const id = await approved(t, scene, campaign, { amount: 5_000 });
    expect((await adminAction(t, scene.admins[1], id, 'release')).statusCode).toBe(200);
    expect(seen.find((r) => r.path === '/transferrecipient')?.body).toMatchObject({
      type: 'nuban',
      account_number: '1234567890',
      bank_code: '057',
      name: 'DANJUMA MUSA IBRAHIM',
    });
    expect(transferCalls()[0]?.body).toMatchObject({
      recipient: 'RCP_1234567890',
      amount: 500_000,
    });
    expect((await payoutRow(t, id)).recipientCode).toBe('RCP_1234567890');
  });

  it('finishes an OTP transfer: a wrong code changes nothing, the right one sends it', async () => {
    const campaign = await createFundedCampaign(t, scene, { naira: 10_000 });
    const id = await approved(t, scene, campaign, { amount: 10_000 });
    const released = await adminAction(t, scene.admins[1], id, 'release');
    expect(released.json()).toMatchObject({
      message: expect.stringMatching(/enter the transfer code/),
      result: { status: 'otp' },
    });
    expect(
      (await adminAction(t, scene.admins[0], id, 'finalize', { otp: PAYSTACK_OTP })).statusCode,
    ).toBe(403);
    const wrong = await adminAction(t, scene.admins[1], id, 'finalize', { otp: '111111' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.otp).toMatch(/not right/);
    expect((await payoutRow(t, id)).status).toBe('otp');
    const right = await adminAction(t, scene.admins[2], id, 'finalize', { otp: PAYSTACK_OTP });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().result.status).toBe('processing');
    await expectLedgerHolds(t, campaign.id);
  });

  it('a failed transfer and a reversed one put the money back in the balance', async () => {
    behaviour.transferStatus = 'pending';
    const campaign = await createFundedCampaign(t, scene, { naira: 20_000 });
    const failing = await approved(t, scene, campaign, { amount: 8_000 });
    const reversing = await approved(t, scene, campaign, { amount: 12_000 });
    for (const id of [failing, reversing]) {
      expect((await adminAction(t, scene.admins[1], id, 'release')).statusCode).toBe(200);
    }
    const ref = async (id: string) => (await payoutRow(t, id)).reference;
    await transferWebhook(t, 'transfer.failed', {
      reference: await ref(failing),
      amount: 800_000,
      status: 'failed',
    });
    expect(await payoutRow(t, failing)).toMatchObject({
      status: 'failed',
      reason: 'The bank did not complete the transfer.',
    });
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      available: 800_000,
      pending: 1_200_000,
    });
    // A success after the failure (out of order) changes nothing.
    await transferWebhook(t, 'transfer.success', {
      reference: await ref(failing),
      amount: 800_000,
      status: 'success',
    });
    expect((await payoutRow(t, failing)).status).toBe('failed');

    await transferWebhook(t, 'transfer.success', {
      reference: await ref(reversing),
      amount: 1_200_000,
      status: 'success',
    });
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      paidOut: 1_200_000,
      pending: 0,
    });
    await transferWebhook(t, 'transfer.reversed', {
      reference: await ref(reversing),
      amount: 1_200_000,
      status: 'reversed',
    });
    expect(await payoutRow(t, reversing)).toMatchObject({ status: 'reversed', paidAt: null });
    expect(await expectLedgerHolds(t, campaign.id)).toMatchObject({
      available: 2_000_000,
      paidOut: 0,
      pending: 0,
    });
    await transferWebhook(t, 'transfer.reversed', {
      reference: await ref(reversing),
      amount: 1_200_000,
      status: 'reversed',
    });
    expect((await expectLedgerHolds(t, campaign.id)).available).toBe(2_000_000);
    const subjects = (await listEmails(t.database.db, { to: scene.organiser.email })).map(
      (e) => e.subject,
    );
    expect(subjects).toContain('Payout failed: ₦8,000 from Dialysis for Baba Musa');
    expect(subjects).toContain('Payout reversed: ₦12,000 from Dialysis for Baba Musa');
  });

  it('ignores forged, mismatched and unknown webhooks', async () => {
    behaviour.transferStatus = 'pending';
    const campaign = await createFundedCampaign(t, scene, { naira: 1_000 });
    const id = await approved(t, scene, campaign, { amount: 1_000 });
    await adminAction(t, scene.admins[1], id, 'release');
    const { reference } = await payoutRow(t, id);
    const forged = await transferWebhook(
      t,
      'transfer.success',
      { reference, amount: 100_000 },
      'sk_test_someone_else',
    );
    expect(forged.statusCode).toBe(401);
    const short = await transferWebhook(t, 'transfer.success', { reference, amount: 99_999 });
    expect(short.statusCode).toBe(200);
    const unknown = await transferWebhook(t, 'transfer.success', {
      reference: 'IPP-NOTOURS',
      amount: 100_000,
    });
    expect(unknown.statusCode).toBe(200);
    expect((await payoutRow(t, id)).status).toBe('processing');
    expect((await expectLedgerHolds(t, campaign.id)).pending).toBe(100_000);
  });

  it('a double release sends one transfer', async () => {
    behaviour.transferStatus = 'pending';
    const campaign = await createFundedCampaign(t, scene, { naira: 3_000 });
    const id = await approved(t, scene, campaign, { amount: 3_000 });
    const answers = await Promise.all([
      adminAction(t, scene.admins[1], id, 'release'),
      adminAction(t, scene.admins[2], id, 'release'),
      adminAction(t, scene.admins[1], id, 'release'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(transferCalls()).toHaveLength(1);
    await expectLedgerHolds(t, campaign.id);
  });
});

describe('when Paystack does not answer', () => {
  it('leaves the payout processing (202) and the verify job starts it with the same reference, once', async () => {
    behaviour.down = true;
    const campaign = await createFundedCampaign(t, scene, { naira: 7_000 });
    const id = await approved(t, scene, campaign, { amount: 7_000 });
    const response = await adminAction(t, scene.admins[1], id, 'release');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().message).toBe('Sent; the bank’s answer will follow.');
    const row = await payoutRow(t, id);
    expect(row).toMatchObject({ status: 'processing', transferCode: null });

    // Too early: nothing is asked.
    expect((await runVerifyJob(t, 1)).checked).toBe(0);
    behaviour.down = false;
    behaviour.transferStatus = 'pending';
    const [first, second] = await Promise.all([runVerifyJob(t, 11), runVerifyJob(t, 11)]);
    expect((first?.restarted ?? 0) + (second?.restarted ?? 0)).toBe(1);
    const sent = transferCalls().filter((r) => r.body?.reference === row.reference);
    expect(sent.length).toBe(2); // the one that got no answer, and the restart
    expect(await payoutRow(t, id)).toMatchObject({
      status: 'processing',
      transferCode: expect.stringMatching(/^TRF_/),
    });

    // The bank pays; the next run settles it from Paystack's record.
    const transfer = transfers.get(row.reference);
    if (transfer) transfer.status = 'success';
    expect((await runVerifyJob(t, 11)).settled).toBe(1);
    expect((await payoutRow(t, id)).status).toBe('paid');
    expect((await expectLedgerHolds(t, campaign.id)).paidOut).toBe(700_000);
  });

  it('settles a transfer Paystack did start although the answer was lost', async () => {
    behaviour.transferStatus = 'pending';
    const campaign = await createFundedCampaign(t, scene, { naira: 2_000 });
    const id = await approved(t, scene, campaign, { amount: 2_000 });
    await adminAction(t, scene.admins[1], id, 'release');
    const { reference } = await payoutRow(t, id);
    const transfer = transfers.get(reference);
    if (transfer) transfer.status = 'failed';
    const done = await runVerifyJob(t, 11);
    expect(done.settled).toBeGreaterThanOrEqual(1);
    expect((await payoutRow(t, id)).status).toBe('failed');
    expect((await expectLedgerHolds(t, campaign.id)).available).toBe(200_000);
    // Frozen campaigns refuse a release at release time.
    const next = await approved(t, scene, campaign, { amount: 1_000 });
    await t.database.db
      .update(campaigns)
      .set({ payoutsFrozenAt: new Date(), payoutsFrozenReason: 'Under review' })
      .where(eq(campaigns.id, campaign.id));
    const frozen = await adminAction(t, scene.admins[1], next, 'release');
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe('Payouts from this campaign are frozen: Under review');
    expect((await payoutRow(t, next)).status).toBe('approved');
  });
});
