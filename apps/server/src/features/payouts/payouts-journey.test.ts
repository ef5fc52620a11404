import { grossUpKobo } from '@ipatient/contracts/fees';
import { campaignDocuments, eq } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, type SignedInUser } from '../../../test/accounts.ts';
import {
  approvalChecklist,
  cover,
  createMembers,
  setStatus,
  submitCampaign,
  uploadEvidence,
  validCampaignFields,
} from '../../../test/campaigns.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  accountDigitsIn,
  accountNames,
  initializeGift,
  ledgerColumns,
  payoutAction,
  payoutRow,
  paystack,
  sandbox,
  seen,
  signedWebhook,
  startPaystack,
  stopPaystack,
} from '../../../test/journey-suite.ts';
import { listEmails } from '../../plugins/mail/outbox.repository.ts';

/**
 * The whole path of a campaign's money through the public API, once on the sandbox and once on
 * a fake Paystack: evidence, the hospital's verified account, approval with the checklist, two
 * gifts, a payout with two admin keys and the OTP, a signed webhook (and its replay), the public
 * ledger, the emails and the reconciliation.
 */
const HOSPITAL = 'Lagos University Teaching Hospital';
const HOSPITAL_ACCOUNT = '2030405060';
const CAMPAIGN_ACCOUNT = '0123456789';
const TITLE = String(validCampaignFields().title);
const PURPOSE = 'Spine surgery deposit at LUTH';
const INFORMED = 'informed.donor@example.ng';
const QUIET = 'quiet.donor@example.ng';

beforeAll(startPaystack);
afterAll(stopPaystack);

describe.each([sandbox, paystack])('the money journey on $name', (provider) => {
  let t: TestApp;
  let organiser: SignedInUser;
  let stranger: SignedInUser;
  let adminA: SignedInUser;
  let adminB: SignedInUser;
  let facilityId: string;
  let campaignId: string;
  let billId: string;
  let payoutId: string;

  beforeAll(async () => {
    accountNames.set(HOSPITAL_ACCOUNT, 'LAGOS UNIVERSITY TEACHING HOSPITAL');
    accountNames.set(CAMPAIGN_ACCOUNT, 'ADA OKAFOR');
    t = await createTestApp({ env: provider.env() });
    expect(t.app.payments.provider).toBe(provider.name);
    [organiser, stranger] = (await createMembers(t, 2)) as [SignedInUser, SignedInUser];
    [adminA, adminB] = (await createMembers(t, 2, 'admin')) as [SignedInUser, SignedInUser];
  });
  afterAll(() => t.close());

  /** The ledger's columns always balance, and the card shows what was given. */
  async function balancedLedger() {
    const row = await ledgerColumns(t, campaignId);
    expect(row.donated + row.awarded).toBe(
      row.available + row.pending + row.paidOut + row.refunded,
    );
    return row;
  }

  it('an admin lists the hospital and adds its payout account; a second admin verifies it', async () => {
    const form = await multipart({
      name: HOSPITAL,
      facilityType: 'Hospital',
      state: 'Lagos',
      lga: 'Surulere',
      address: 'Idi-Araba',
      verified: 'true',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/facilities',
      payload: form.payload,
      headers: { ...form.headers, ...adminA.headers },
    });
    expect(created.statusCode, created.body).toBe(201);
    facilityId = created.json().result._id;

    const accountPath = `/admin/facilities/${facilityId}/payout-account`;
    const added = await apiCall(t, 'PUT', accountPath, {
      as: adminA,
      payload: {
        bankCode: '058',
        accountNumber: HOSPITAL_ACCOUNT,
        ...(provider.confirmName ? { confirmNameMatches: true } : {}),
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().result).toMatchObject({
      status: 'unverified',
      lookupProvider: provider.name,
      maskedAccountNumber: '••5060',
    });
    // The admin who added it cannot verify it.
    expect((await apiCall(t, 'POST', `${accountPath}/verify`, { as: adminA })).statusCode).toBe(
      403,
    );
    const verified = await apiCall(t, 'POST', `${accountPath}/verify`, { as: adminB });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().result).toMatchObject({
      status: 'verified',
      verifiedBy: { _id: adminB.id },
    });
    const shown = await apiCall(t, 'GET', `/facilities/${facilityId}`);
    expect(shown.json().result.paysDirect).toBe(true);
    if (provider.name === 'paystack') {
      expect(seen.find((r) => r.path === '/transferrecipient')?.body).toMatchObject({
        type: 'nuban',
        account_number: HOSPITAL_ACCOUNT,
        bank_code: '058',
      });
    }
  });

  it('the organiser uploads the bill and the report and submits the campaign naming the hospital', async () => {
    const [bill, reportId] = (await uploadEvidence(t, organiser)) as [string, string];
    billId = bill;
    const submitted = await submitCampaign(
      t,
      organiser,
      validCampaignFields({
        title: TITLE,
        facilityName: '',
        facilityId,
        accountNumber: CAMPAIGN_ACCOUNT,
        documentIds: [billId, reportId].join(','),
      }),
      await cover(),
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    const campaign = submitted.json().result;
    campaignId = campaign._id;
    expect(campaign).toMatchObject({
      status: 'awaiting_review',
      facility: { id: facilityId, name: HOSPITAL, listed: true },
      verification: null,
    });
    if (provider.name === 'paystack') expect(campaign.accountName).toBe('ADA OKAFOR');
    // Not public while it waits for review.
    expect((await apiCall(t, 'GET', `/single-crowedfunding/${campaignId}`)).statusCode).toBe(404);
  });

  it('approval is refused without the checklist; with it the campaign goes live', async () => {
    const bare = await setStatus(t, adminA, campaignId, 'active', undefined, { checklist: null });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors.checklist).toMatch(/Approving needs the checklist/);
    const still = await apiCall(t, 'GET', `/single-crowedfunding/${campaignId}`, {
      as: organiser,
    });
    expect(still.json().result.status).toBe('awaiting_review');

    const approved = await setStatus(t, adminA, campaignId, 'active', undefined, {
      checklist: approvalChecklist(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().result.status).toBe('active');
    // Read signed in: a visitor's read would be kept a moment in the public cache, which the
    // payments' writes (outside the campaigns' routes) do not empty.
    const live = await apiCall(t, 'GET', `/single-crowedfunding/${campaignId}`, { as: stranger });
    expect(live.statusCode).toBe(200);
    expect(live.json().result.verification).toMatchObject({
      documents: expect.arrayContaining(['bill', 'medical_report']),
      hospitalConfirmedVia: 'phone',
      accountNameMatches: 'beneficiary',
    });
  });

  it('two gifts are paid, one donor asking to be kept informed', async () => {
    // Both donors add the provider's fee, so the campaign receives the round sums.
    const gifts = [
      { amount: 50_000, email: INFORMED, keepInformed: true, name: 'Chiamaka Eze', coverFee: true },
      { amount: 30_000, email: QUIET, keepInformed: false, name: 'Musa Bello', coverFee: true },
    ];
    for (const gift of gifts) {
      const started = await initializeGift(t, { campaignId, ...gift });
      expect(started.statusCode, started.body).toBe(201);
      const { reference, provider: by } = started.json().result;
      expect(by).toBe(provider.name);
      const charged = grossUpKobo(gift.amount * 100);
      await provider.pay(t, reference, charged);
      const verified = await apiCall(t, 'GET', `/donations/verify/${reference}`);
      expect(verified.json().result).toMatchObject({
        status: 'succeeded',
        amount: charged / 100,
        received: gift.amount,
      });
    }
    if (provider.name === 'paystack') {
      const asked = seen.filter((r) => r.path === '/transaction/initialize').map((r) => r.body);
      expect(asked).toMatchObject([
        { amount: grossUpKobo(5_000_000) },
        { amount: grossUpKobo(3_000_000) },
      ]);
    }
    expect(await balancedLedger()).toMatchObject({
      donated: 8_000_000,
      available: 8_000_000,
      amountRaised: 80_000,
      donationCount: 2,
    });
  });

  it('a payout to the hospital: requested, approved by one admin, released and finalized by another, paid by a signed webhook; a replay changes nothing', async () => {
    const asked = await apiCall(t, 'POST', `/crowdfunding/${campaignId}/payouts`, {
      as: organiser,
      payload: { amount: 60_000, purpose: PURPOSE, billDocumentId: billId },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    payoutId = asked.json().result._id;
    expect(asked.json().result).toMatchObject({
      status: 'requested',
      amount: 60_000,
      payee: { kind: 'hospital', name: HOSPITAL, accountNumber: '••5060' },
    });
    expect(await balancedLedger()).toMatchObject({ available: 2_000_000, pending: 6_000_000 });

    const approved = await payoutAction(t, adminA, payoutId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().result.status).toBe('approved');
    const ownRelease = await payoutAction(t, adminA, payoutId, 'release');
    expect(ownRelease.statusCode).toBe(403);
    expect((await payoutRow(t, payoutId)).status).toBe('approved');

    const released = await payoutAction(t, adminB, payoutId, 'release');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      message: expect.stringMatching(/enter the transfer code/),
      result: { status: 'otp', releasedBy: adminB.id },
    });
    if (provider.name === 'paystack') {
      expect(seen.filter((r) => r.path === '/transfer').map((r) => r.body)).toEqual([
        {
          source: 'balance',
          amount: 6_000_000,
          recipient: `RCP_${HOSPITAL_ACCOUNT}`,
          reference: (await payoutRow(t, payoutId)).reference,
          reason: PURPOSE,
          currency: 'NGN',
        },
      ]);
    }
    const finalized = await payoutAction(t, adminB, payoutId, 'finalize', { otp: provider.otp });
    expect(finalized.statusCode, finalized.body).toBe(200);
    expect(finalized.json().result.status).toBe('processing');
    expect(await balancedLedger()).toMatchObject({ pending: 6_000_000, paidOut: 0 });

    await provider.settle(t, adminB, payoutId);
    const paid = await payoutRow(t, payoutId);
    expect(paid).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
    expect(await balancedLedger()).toMatchObject({
      available: 2_000_000,
      pending: 0,
      paidOut: 6_000_000,
    });

    // The same signed webhook again: nothing moves, nobody is emailed twice.
    const emails = (await listEmails(t.database.db)).length;
    const ledger = await ledgerColumns(t, campaignId);
    const replay = await signedWebhook(t, t.app.payments.webhookSecret, 'transfer.success', {
      reference: paid.reference,
      transfer_code: paid.transferCode,
      amount: paid.amountKobo,
      currency: 'NGN',
      status: 'success',
    });
    expect(replay.statusCode).toBe(200);
    expect(await payoutRow(t, payoutId)).toEqual(paid);
    expect(await ledgerColumns(t, campaignId)).toEqual(ledger);
    expect((await listEmails(t.database.db)).length).toBe(emails);
  });

  it('the public ledger shows money in and out and the balance; no public answer shows a document or an account number', async () => {
    const ledger = await apiCall(t, 'GET', `/crowdfunding/${campaignId}/ledger`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    const { paidAt } = await payoutRow(t, payoutId);
    expect(ledger.json().result).toEqual({
      campaignId,
      moneyIn: { donated: 80_000, donations: 2, awarded: 0, awards: [] },
      moneyOut: {
        paidOut: 60_000,
        payouts: [
          {
            date: paidAt?.toISOString(),
            amount: 60_000,
            payee: `${HOSPITAL} (verified)`,
            payeeKind: 'hospital',
            purpose: PURPOSE,
            status: 'paid',
          },
        ],
        inProgress: 0,
        refunded: 0,
      },
      balance: 20_000,
    });

    const single = await apiCall(t, 'GET', `/single-crowedfunding/${campaignId}`);
    expect(single.json().result).toMatchObject({
      amountRaised: 80_000,
      donationCount: 2,
      accountNumber: '******6789',
      facility: { id: facilityId, name: HOSPITAL, listed: true },
    });
    const list = await apiCall(t, 'GET', '/get-crowedFundings');
    expect(list.json().results.map((c: { _id: string }) => c._id)).toContain(campaignId);
    expect((await apiCall(t, 'GET', `/crowdfunding/${campaignId}/documents`)).statusCode).toBe(401);

    const documents = await t.database.db
      .select({ id: campaignDocuments.id, key: campaignDocuments.storageKey })
      .from(campaignDocuments)
      .where(eq(campaignDocuments.userId, organiser.id));
    expect(documents.length).toBe(2);
    const secrets = [
      ...documents.flatMap((d) => [d.id, d.key]),
      'private/',
      'campaign-documents',
      'bill.pdf',
      // Who at the hospital confirmed the bill stays with the admins.
      'Adeyemi',
      HOSPITAL_ACCOUNT,
      CAMPAIGN_ACCOUNT,
    ];
    for (const answer of [ledger, single, list]) {
      expect(answer.statusCode).toBe(200);
      for (const secret of secrets) expect(answer.body).not.toContain(secret);
      expect(accountDigitsIn(answer.body, HOSPITAL_ACCOUNT)).toEqual([]);
      expect(accountDigitsIn(answer.body, CAMPAIGN_ACCOUNT)).toEqual([]);
    }
  });

  it('the organiser was emailed at each step of the payout, the informed donor once when paid', async () => {
    const organiserMail = (await listEmails(t.database.db, { to: organiser.email }))
      .map((e) => e.subject)
      .filter((subject) => subject.startsWith('Payout'));
    expect(organiserMail.sort()).toEqual(
      [
        `Payout requested: ₦60,000 from ${TITLE}`,
        `Payout approved: ₦60,000 from ${TITLE}`,
        `Payout sent: ₦60,000 from ${TITLE}`,
        `Payout paid: ₦60,000 from ${TITLE}`,
      ].sort(),
    );
    const reached = (to: string) =>
      listEmails(t.database.db, { to }).then((mail) =>
        mail.filter((e) => e.subject.includes('reached')),
      );
    const informed = await reached(INFORMED);
    expect(informed.map((e) => e.subject)).toEqual([`₦60,000 reached ${HOSPITAL} for "${TITLE}"`]);
    expect(informed[0]?.text).toContain(`₦60,000 was paid to ${HOSPITAL} for ${PURPOSE}`);
    expect(await reached(QUIET)).toEqual([]);
  });

  it('the reconciliation agrees and the ledger columns balance', async () => {
    const response = await apiCall(t, 'GET', '/admin/money/reconciliation', { as: adminB });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({ ok: true, campaigns: [], fund: { ok: true, problems: [] } });
    expect(result.checked).toBeGreaterThanOrEqual(1);
    expect(await balancedLedger()).toEqual({
      donated: 8_000_000,
      awarded: 0,
      available: 2_000_000,
      pending: 0,
      paidOut: 6_000_000,
      refunded: 0,
      amountRaised: 80_000,
      donationCount: 2,
    });
  });
});
