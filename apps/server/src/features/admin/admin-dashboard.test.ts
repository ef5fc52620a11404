import { complaints, eq } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  DAY,
  dashboard,
  HOUR,
  insertMessage,
  member,
  startAdminApp,
  t,
} from '../../../test/admin-suite.ts';
import { approve, createCampaign, insertCampaignRow } from '../../../test/campaigns.ts';
import { insertComplaintFor } from '../../../test/complaints.ts';
import { approveReview, createFacility, createReview } from '../../../test/facilities.ts';
import { apiCall } from '../../../test/helpers.ts';

beforeAll(startAdminApp);
afterAll(() => t.close());

/** A complaint of `member` with the given status and deadlines (relative to now). */
async function complaintWith(
  status: 'submitted' | 'acknowledged' | 'resolved' | 'closed',
  ack: number,
  response: number,
) {
  const row = await insertComplaintFor(t, member.id, { status });
  await t.database.db
    .update(complaints)
    .set({
      acknowledgementDueAt: new Date(Date.now() + ack),
      responseDueAt: new Date(Date.now() + response),
    })
    .where(eq(complaints.id, row.id));
  return row;
}

describe('GET /admin/dashboard', () => {
  it('counts campaigns awaiting review, leaving out deleted ones', async () => {
    const start = await dashboard();
    const campaign = await createCampaign(t, member);
    await insertCampaignRow(t, member.id, { status: 'awaiting_review', deletedAt: new Date() });
    await insertCampaignRow(t, member.id, { status: 'active' });
    expect((await dashboard()).campaignsAwaitingReview).toBe(start.campaignsAwaitingReview + 1);
    await approve(t, admin, campaign._id);
    expect((await dashboard()).campaignsAwaitingReview).toBe(start.campaignsAwaitingReview);
  });

  it('counts overdue complaints and those due within 2 days, apart', async () => {
    const start = await dashboard();
    // Overdue: acknowledgement late while submitted; response late while open.
    await complaintWith('submitted', -HOUR, 10 * DAY);
    await complaintWith('acknowledged', -5 * DAY, -HOUR);
    // Due soon: the acknowledgement or the response within 2 days.
    await complaintWith('submitted', DAY, 10 * DAY);
    await complaintWith('acknowledged', -5 * DAY, DAY);
    // Neither: acknowledged with time left; closed ones never count.
    await complaintWith('acknowledged', -5 * DAY, 10 * DAY);
    await complaintWith('resolved', -5 * DAY, -DAY);
    await complaintWith('closed', -5 * DAY, DAY);
    const now = await dashboard();
    expect(now.complaintsOverdue).toBe(start.complaintsOverdue + 2);
    expect(now.complaintsDueSoon).toBe(start.complaintsDueSoon + 2);
  });

  it('counts pending reviews and new contact messages', async () => {
    const start = await dashboard();
    const facility = await createFacility(t);
    const review = await createReview(t, member, facility.id);
    const message = await insertMessage();
    await insertMessage({ handledAt: new Date() });
    const mid = await dashboard();
    expect(mid.pendingReviews).toBe(start.pendingReviews + 1);
    expect(mid.newContactMessages).toBe(start.newContactMessages + 1);

    await approveReview(t, admin, review._id);
    const handled = await apiCall(t, 'PUT', `/admin/contact-messages/${message.id}/handled`, {
      as: admin,
      payload: { handled: true },
    });
    expect(handled.statusCode).toBe(200);
    const end = await dashboard();
    expect(end.pendingReviews).toBe(start.pendingReviews);
    expect(end.newContactMessages).toBe(start.newContactMessages);
  });
});
