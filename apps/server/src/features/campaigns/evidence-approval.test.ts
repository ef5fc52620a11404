import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalChecklist,
  insertCampaignRow,
  uploadDocuments,
  uploadEvidence,
} from '../../../test/campaigns.ts';
import {
  admin,
  call,
  list,
  member,
  rowOf,
  single,
  startCampaignsApp,
  t,
  update,
  word,
} from '../../../test/campaigns-suite.ts';
import {
  approveWith,
  campaignWithDocuments,
  documentRow,
  verificationOf,
} from '../../../test/evidence-suite.ts';
import { purgeUnattachedDocuments } from './campaign-documents.service.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

const ITEMS = [
  'documentsNameBeneficiary',
  'hospitalConfirmedVia',
  'hospitalConfirmedBy',
  'hospitalConfirmedOn',
  'accountNameMatches',
] as const;

describe('approving needs the checklist', () => {
  it('refuses an approval without a checklist, changing nothing', async () => {
    const { campaign } = await campaignWithDocuments(await member());
    const before = await rowOf(campaign._id);
    const response = await approveWith(admin, campaign._id, null);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.checklist).toMatch(/Approving needs the checklist/);
    expect(await rowOf(campaign._id)).toEqual(before);
    expect(await verificationOf(campaign._id)).toBeUndefined();
  });

  it.each(ITEMS)('refuses an approval without %s, naming it', async (item) => {
    const { campaign } = await campaignWithDocuments(await member());
    const { [item]: _left, ...rest } = approvalChecklist();
    const response = await approveWith(admin, campaign._id, rest);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([`checklist.${item}`]);
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
    expect(await verificationOf(campaign._id)).toBeUndefined();
  });

  it('names every missing item at once, and refuses false, unknown and future answers', async () => {
    const { campaign } = await campaignWithDocuments(await member());
    const empty = await approveWith(admin, campaign._id, {});
    expect(Object.keys(empty.json().errors).sort()).toEqual(
      ITEMS.map((item) => `checklist.${item}`).sort(),
    );
    const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const wrong = await approveWith(
      admin,
      campaign._id,
      approvalChecklist({
        documentsNameBeneficiary: false,
        hospitalConfirmedVia: 'rumour',
        hospitalConfirmedOn: tomorrow,
        accountNameMatches: 'neighbour',
        hospitalConfirmedBy: 'x'.repeat(121),
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      'checklist.documentsNameBeneficiary': 'Confirm that the documents name the beneficiary',
      'checklist.hospitalConfirmedVia': expect.stringMatching(/phone, email, visit/),
      'checklist.hospitalConfirmedBy': expect.stringMatching(/at most 120/),
      'checklist.hospitalConfirmedOn': 'The confirmation date cannot be in the future',
      'checklist.accountNameMatches': expect.stringMatching(/beneficiary, organiser, hospital/),
    });
    expect((await rowOf(campaign._id)).status).toBe('awaiting_review');
  });

  it('refuses a campaign without a bill and a medical report until the organiser adds them', async () => {
    const owner = await member();
    const row = await insertCampaignRow(t, owner.id, {
      status: 'awaiting_review',
      approvedAt: null,
    });
    const refused = await approveWith(admin, row.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/without a hospital bill and a medical report/);
    expect(await verificationOf(row.id)).toBeUndefined();
    expect((await rowOf(row.id)).accountVerifiedAt).toBeNull();

    const onlyBill = await uploadDocuments(t, owner, ['bill']);
    expect((await update(owner, row.id, { documentIds: onlyBill.join(',') })).statusCode).toBe(200);
    expect((await approveWith(admin, row.id)).statusCode).toBe(400);
    const report = await uploadDocuments(t, owner, ['medical_report']);
    expect((await update(owner, row.id, { documentIds: report.join(',') })).statusCode).toBe(200);
    const approved = await approveWith(admin, row.id);
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('records the check and the verified account with the approval', async () => {
    const { campaign } = await campaignWithDocuments(await member());
    const checklist = approvalChecklist({
      note: 'Called the billing office.',
      hospitalConfirmedVia: 'visit',
    });
    const response = await approveWith(admin, campaign._id, checklist);
    expect(response.statusCode, response.body).toBe(200);
    const row = await rowOf(campaign._id);
    expect(row.status).toBe('active');
    const check = await verificationOf(campaign._id);
    expect(check).toMatchObject({
      documentsNameBeneficiary: true,
      hospitalConfirmedVia: 'visit',
      hospitalConfirmedBy: 'Mrs Bisi Adeyemi, billing office',
      accountNameMatches: 'beneficiary',
      accountName: row.accountName,
      note: 'Called the billing office.',
      checkedBy: admin.id,
    });
    expect(check?.hospitalConfirmedOn.toISOString().slice(0, 10)).toBe(
      checklist.hospitalConfirmedOn,
    );
    expect(row.accountVerifiedAt?.getTime()).toBe(check?.checkedAt.getTime());

    const detail = await call('GET', `/admin/crowdfunding/${campaign._id}`, { as: admin });
    expect(detail.json().result.review.verification).toMatchObject({
      hospitalConfirmedBy: 'Mrs Bisi Adeyemi, billing office',
      note: 'Called the billing office.',
      checkedBy: admin.id,
    });
    expect(detail.json().result.review.accountVerifiedAt).toBe(
      row.accountVerifiedAt?.toISOString(),
    );
  });
});

describe('the public Verified panel', () => {
  it('says what was checked and when, never the documents or who confirmed', async () => {
    const owner = await member();
    const title = `Kidney care for Halima ${word()}`;
    const { campaign, documentIds } = await campaignWithDocuments(owner, ['other']);
    await update(owner, campaign._id, { title });
    const checklist = approvalChecklist({
      accountNameMatches: 'hospital',
      hospitalConfirmedVia: 'email',
    });
    expect((await approveWith(admin, campaign._id, checklist)).statusCode).toBe(200);

    const answer = await single(campaign._id);
    const { verification, facility } = answer.json().result;
    expect(verification).toEqual({
      checkedAt: expect.any(String),
      documents: ['bill', 'medical_report', 'other'],
      hospitalConfirmedVia: 'email',
      hospitalConfirmedOn: checklist.hospitalConfirmedOn,
      accountNameMatches: 'hospital',
    });
    expect(facility).toEqual({
      id: null,
      name: 'Lagos University Teaching Hospital',
      listed: false,
    });
    for (const secret of ['Adeyemi', 'bill.pdf', ...documentIds]) {
      expect(answer.body).not.toContain(secret);
    }

    const listed = await list(`search=${encodeURIComponent(title)}`);
    expect(listed.results[0]?.facility).toEqual(facility);
    expect(listed.results[0]?.verification).toBeUndefined();
  });

  it('says a seeded live campaign, never checked, is not verified', async () => {
    const owner = await member();
    const row = await insertCampaignRow(t, owner.id);
    const answer = await single(row.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result).toMatchObject({ verification: null, facility: null });
  });

  it('shows admins whose name the account carries, or the mismatch', async () => {
    const owner = await member();
    const matching = await insertCampaignRow(t, owner.id, { fundraisingFor: 'Musa Danjuma' });
    const strange = await insertCampaignRow(t, owner.id, {
      fundraisingFor: 'Musa Danjuma',
      accountName: 'YUSUF GARBA',
    });
    const check = async (id: string) =>
      (await call('GET', `/admin/crowdfunding/${id}`, { as: admin })).json().result.review
        .accountNameCheck;
    expect(await check(matching.id)).toEqual({
      accountName: 'DANJUMA MUSA IBRAHIM',
      owner: 'beneficiary',
      mismatch: null,
    });
    expect(await check(strange.id)).toEqual({
      accountName: 'YUSUF GARBA',
      owner: null,
      mismatch: expect.stringMatching(/does not match the beneficiary \(Musa Danjuma\)/),
    });
  });
});

describe('purging documents never attached', () => {
  it('removes them (row and file) after their day, keeping attached and recent ones', async () => {
    const owner = await member();
    const [loose] = await uploadEvidence(t, owner);
    const { documentIds } = await campaignWithDocuments(owner);
    const looseRow = await documentRow(loose as string);
    if (!looseRow) throw new Error('no document');
    const hour = 60 * 60 * 1000;
    const created = looseRow.createdAt.getTime();

    await purgeUnattachedDocuments(t.database.db, t.app.storage, new Date(created + 23 * hour));
    expect(await documentRow(loose as string)).toBeDefined();

    const removed = await purgeUnattachedDocuments(
      t.database.db,
      t.app.storage,
      new Date(created + 25 * hour),
    );
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await documentRow(loose as string)).toBeUndefined();
    expect(await t.app.storage.get(looseRow.storageKey)).toBeUndefined();
    for (const id of documentIds) {
      const kept = await documentRow(id);
      expect(kept?.campaignId).not.toBeNull();
      expect(await t.app.storage.get(kept?.storageKey ?? '')).toBeDefined();
    }
  });
});
