import type { TCampaign } from '@ipatient/contracts';
import { revisionTexts, type TCampaignRevision } from '@ipatient/contracts/campaign-revisions';
import { auditLog, campaignDocuments, campaignRevisions, eq, sql } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalChecklist,
  cover,
  createCampaign,
  createLiveCampaign,
  jpegImage,
  uploadedFiles,
} from '../../../test/campaigns.ts';
import {
  admin,
  call,
  ids,
  list,
  member,
  rowOf,
  sandboxName,
  single,
  startCampaignsApp,
  t,
  update,
  word,
} from '../../../test/campaigns-suite.ts';
import { outboxTo } from '../../../test/helpers.ts';
import { fund } from '../../../test/payouts-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

const newStory =
  'Ada had her first operation last week. She now needs three months of physiotherapy at LUTH.';

async function liveCampaign(owner = undefined as Awaited<ReturnType<typeof member>> | undefined) {
  const organiser = owner ?? (await member());
  const tag = word();
  const campaign = await createLiveCampaign(t, organiser, admin, { title: `Help Ada ${tag}` });
  return { organiser, campaign, tag };
}

const pendingOf = (as: Awaited<ReturnType<typeof member>> | undefined, id: string) =>
  call('GET', `/crowdfunding/${id}/pending-change`, { as });

async function pending(id: string): Promise<TCampaignRevision> {
  const response = await pendingOf(admin, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

const approveChange = (id: string, payload: object, as = admin) =>
  call('PUT', `/admin/crowdfunding/${id}/pending-change/approve`, { as, payload });
const rejectChange = (id: string, payload: object, as = admin) =>
  call('PUT', `/admin/crowdfunding/${id}/pending-change/reject`, { as, payload });

describe('editing a live campaign keeps it live', () => {
  it('keeps the approved story public (200) while the new one waits for review', async () => {
    const { organiser, campaign, tag } = await liveCampaign();
    const response = await update(organiser, campaign._id, { description: newStory });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(revisionTexts.savedForReview);
    expect(response.json().result).toMatchObject({
      status: 'active',
      description: campaign.description,
      approvedAt: campaign.approvedAt,
    });
    const row = await rowOf(campaign._id);
    expect([row.status, row.description]).toEqual(['active', campaign.description]);
    // Visitors: the page answers and shows the approved story; the list still has it.
    const page = await single(campaign._id);
    expect(page.statusCode).toBe(200);
    expect((page.json().result as TCampaign).description).toBe(campaign.description);
    expect(ids((await list(`search=${tag}`)).results)).toEqual([campaign._id]);
    // The organiser sees the diff of what waits.
    const mine = await pendingOf(organiser, campaign._id);
    expect(mine.statusCode).toBe(200);
    const revision: TCampaignRevision = mine.json().result;
    expect(revision).toMatchObject({
      status: 'pending',
      bankChanged: false,
      cover: null,
      proposed: { description: newStory },
      changes: [{ field: 'description', before: campaign.description, after: newStory }],
    });
  });

  it('keeps one pending change: a second edit replaces it, an edit back drops it', async () => {
    const { organiser, campaign } = await liveCampaign();
    await update(organiser, campaign._id, { description: newStory, amountNeeded: '2000000' });
    const first = await pending(campaign._id);
    await update(organiser, campaign._id, { title: 'Help Ada walk again, the next step' });
    const second = await pending(campaign._id);
    expect(second._id).toBe(first._id);
    expect(Date.parse(second.submittedAt)).toBeGreaterThan(Date.parse(first.submittedAt));
    expect(second.changes.map((change) => change.field)).toEqual([
      'title',
      'description',
      'amountNeeded',
    ]);
    expect(second.changes.find((c) => c.field === 'amountNeeded')).toMatchObject({
      before: '₦1,500,000',
      after: '₦2,000,000',
    });
    // Back to the approved values: nothing waits any more.
    const back = await update(organiser, campaign._id, {
      description: campaign.description,
      amountNeeded: String(campaign.amountNeeded),
      title: campaign.title,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().message).toBe('Campaign updated');
    expect((await pendingOf(organiser, campaign._id)).json().result).toBeNull();
    const rows = await t.database.db
      .select()
      .from(campaignRevisions)
      .where(eq(campaignRevisions.campaignId, campaign._id));
    expect(rows.map((row) => row.status)).toEqual(['withdrawn']);
  });

  it('applies category and place at once and holds the duration for review', async () => {
    const { organiser, campaign } = await liveCampaign();
    const response = await update(organiser, campaign._id, {
      category: 'Hospital Bill Support',
      state: 'oyo',
      lga: 'Ibadan North',
      duration: '6 months',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({
      status: 'active',
      category: 'Hospital Bill Support',
      state: 'Oyo',
      duration: campaign.duration,
    });
    expect((await pending(campaign._id)).changes).toEqual([
      { field: 'duration', label: 'Duration', before: campaign.duration, after: '6 months' },
    ]);
  });

  it('shows the pending change to its organiser and admins only', async () => {
    const { organiser, campaign } = await liveCampaign();
    await update(organiser, campaign._id, { description: newStory });
    const stranger = await member();
    expect((await pendingOf(stranger, campaign._id)).statusCode).toBe(403);
    expect((await pendingOf(undefined, campaign._id)).statusCode).toBe(401);
    expect((await pendingOf(organiser, 'not-a-uuid')).statusCode).toBe(400);
    expect(
      (await call('DELETE', `/crowdfunding/${campaign._id}/pending-change`, { as: stranger }))
        .statusCode,
    ).toBe(403);
    // Someone else's campaign in review is not even shown to exist.
    const hidden = await createCampaign(t, stranger, { title: `Hidden ${word()}` });
    expect((await pendingOf(organiser, hidden._id)).statusCode).toBe(404);
    expect(
      (
        await approveChange(
          campaign._id,
          { expectedSubmittedAt: new Date().toISOString() },
          organiser,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('lets the organiser withdraw the change; nothing then waits (409 on a second try)', async () => {
    const { organiser, campaign } = await liveCampaign();
    const files = uploadedFiles(t);
    await update(
      organiser,
      campaign._id,
      { description: newStory },
      await cover(await jpegImage(900, 900), 'new.jpg', 'image/jpeg'),
    );
    expect(uploadedFiles(t).length).toBeGreaterThan(files.length);
    const withdrawn = await call('DELETE', `/crowdfunding/${campaign._id}/pending-change`, {
      as: organiser,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().message).toBe(revisionTexts.withdrawn);
    // The unapproved cover's files are gone; the campaign is as approved.
    expect(uploadedFiles(t)).toEqual(files);
    expect((await rowOf(campaign._id)).description).toBe(campaign.description);
    const again = await call('DELETE', `/crowdfunding/${campaign._id}/pending-change`, {
      as: organiser,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('the admin reviews a pending change', () => {
  it('approves: the new story and cover show, the old cover files go, the organiser is told', async () => {
    const { organiser, campaign } = await liveCampaign();
    const oldPaths = campaign.imageSizes.map((size) => size.path);
    await update(
      organiser,
      campaign._id,
      { description: newStory },
      await cover(await jpegImage(900, 900), 'new.jpg', 'image/jpeg'),
    );
    const revision = await pending(campaign._id);
    expect(revision.cover?.before.map((size) => size.path)).toEqual(oldPaths);
    expect(revision.cover?.after.length).toBeGreaterThan(0);
    // The public page still shows the approved cover.
    expect((await single(campaign._id)).json().result.image).toBe(campaign.image);
    const queue = await call('GET', '/admin/crowdfunding-changes?limit=100', { as: admin });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().results.map((item: TCampaignRevision) => item._id)).toContain(revision._id);
    expect((await call('GET', '/admin/crowdfunding-changes', { as: organiser })).statusCode).toBe(
      403,
    );

    const stale = await approveChange(campaign._id, {
      expectedSubmittedAt: new Date(0).toISOString(),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(revisionTexts.stale);
    const approved = await approveChange(campaign._id, {
      expectedSubmittedAt: revision.submittedAt,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().result.status).toBe('approved');
    const page = (await single(campaign._id)).json().result as TCampaign;
    expect(page).toMatchObject({ status: 'active', description: newStory });
    expect(page.imageSizes.map((size) => size.path)).toEqual(
      revision.cover?.after.map((size) => size.path),
    );
    const files = uploadedFiles(t);
    for (const path of oldPaths) expect(files).not.toContain(path);
    expect((await pendingOf(organiser, campaign._id)).json().result).toBeNull();
    const mails = await outboxTo(t, organiser.email);
    expect(mails.at(-1)?.subject).toBe('Your campaign changes are live');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, campaign._id))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(entry?.action).toContain('pending-change/approve');
    // Nothing is left to approve.
    expect(
      (await approveChange(campaign._id, { expectedSubmittedAt: revision.submittedAt })).statusCode,
    ).toBe(409);
  });

  it('rejects with a reason: the approved version stays, the organiser is told why', async () => {
    const { organiser, campaign } = await liveCampaign();
    const files = uploadedFiles(t);
    await update(
      organiser,
      campaign._id,
      { title: 'A title the reviewer refuses' },
      await cover(await jpegImage(900, 900), 'new.jpg', 'image/jpeg'),
    );
    const noReason = await rejectChange(campaign._id, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toHaveProperty('reason');
    const rejected = await rejectChange(campaign._id, {
      reason: 'The new photo shows a stranger.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().result).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The new photo shows a stranger.',
    });
    expect(await rowOf(campaign._id)).toMatchObject({ status: 'active', title: campaign.title });
    expect(uploadedFiles(t)).toEqual(files);
    const mail = (await outboxTo(t, organiser.email)).at(-1);
    expect(mail?.subject).toBe('Your campaign changes were not approved');
    expect(mail?.text).toContain('The new photo shows a stranger.');
  });
});

describe('a new bank account holds payouts, not the page', () => {
  it('refuses payouts until the admin approves the account with the checklist', async () => {
    const { organiser, campaign } = await liveCampaign();
    await fund(t, campaign._id, 50_000_00);
    const [bill] = await t.database.db
      .select({ id: campaignDocuments.id })
      .from(campaignDocuments)
      .where(eq(campaignDocuments.campaignId, campaign._id))
      .orderBy(campaignDocuments.kind);
    const ask = () =>
      call('POST', `/crowdfunding/${campaign._id}/payouts`, {
        as: organiser,
        payload: {
          amount: 10_000,
          purpose: 'Physiotherapy deposit at LUTH',
          billDocumentId: bill?.id,
          payee: 'beneficiary',
        },
      });
    const changed = await update(organiser, campaign._id, {
      bankCode: '044',
      accountNumber: '0987654321',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result).toMatchObject({
      status: 'active',
      accountName: campaign.accountName,
    });
    const revision = await pending(campaign._id);
    const newName = await sandboxName('044', '0987654321');
    expect(revision.bankChanged).toBe(true);
    expect(revision.changes).toEqual(
      expect.arrayContaining([
        {
          field: 'accountName',
          label: 'Account name',
          before: campaign.accountName,
          after: newName,
        },
        { field: 'bankName', label: 'Bank', before: campaign.bank, after: 'Access Bank' },
      ]),
    );
    expect((await single(campaign._id)).statusCode).toBe(200);
    const held = await ask();
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(revisionTexts.payoutsOnHold);

    const noChecklist = await approveChange(campaign._id, {
      expectedSubmittedAt: revision.submittedAt,
    });
    expect(noChecklist.statusCode).toBe(400);
    expect(noChecklist.json().errors).toHaveProperty('checklist');
    expect((await ask()).statusCode).toBe(409);
    const approved = await approveChange(campaign._id, {
      expectedSubmittedAt: revision.submittedAt,
      checklist: approvalChecklist(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const row = await rowOf(campaign._id);
    expect(row).toMatchObject({
      bankCode: '044',
      accountNumber: '0987654321',
      accountName: newName,
    });
    expect(row.accountVerifiedAt).not.toBeNull();
    const paid = await ask();
    expect(paid.json().message).not.toBe(revisionTexts.payoutsOnHold);
    expect(paid.statusCode, paid.body).toBe(201);
  });
});

describe('PUT /like-crowdfunding/{id} on an ended campaign', () => {
  it('refuses a campaign whose time is up (409)', async () => {
    const { campaign } = await liveCampaign();
    const fan = await member();
    await t.database.db.execute(
      sql`update campaigns set approved_at = now() - interval '3 months' - interval '2 days' where id = ${campaign._id}`,
    );
    const refused = await call('PUT', `/like-crowdfunding/${campaign._id}`, { as: fan });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(revisionTexts.ended);
    // Refused means nothing stored and nothing counted.
    const counted = await t.database.db.execute<{ rows: number; likes: number }>(
      sql`select (select count(*) from campaign_likes where campaign_id = ${campaign._id})::int as rows,
            likes_count as likes from campaign_like_counts where campaign_id = ${campaign._id}`,
    );
    expect(counted.rows[0]).toEqual({ rows: 0, likes: 0 });
    // Extended by a week: live again, and liked.
    await t.database.db.execute(
      sql`update campaigns set extension_days = 7 where id = ${campaign._id}`,
    );
    expect((await call('PUT', `/like-crowdfunding/${campaign._id}`, { as: fan })).statusCode).toBe(
      200,
    );
  });
});
