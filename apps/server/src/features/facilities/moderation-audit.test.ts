import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, multipart, type SignedInUser } from '../../../test/accounts.ts';
import { createCampaign } from '../../../test/campaigns.ts';
import { insertComplaintFor } from '../../../test/complaints.ts';
import { createFacility, createReview } from '../../../test/facilities.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';

/** The audit entries of the moderation routes: each admin write, with the record before it. */
let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin' });
  member = await createSignedInUser(t);
});
afterAll(() => t.close());

async function auditOf(entityId: string) {
  const response = await apiCall(t, 'GET', `/admin/audit?entityId=${entityId}`, { as: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results as {
    action: string;
    entityType: string;
    entityId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
}

describe('audit entries of the moderation routes', () => {
  it('a complaint status change keeps the status before and after', async () => {
    const complaint = await insertComplaintFor(t, member.id);
    const moved = await apiCall(t, 'PUT', `/update-advocacy-status/${complaint.id}`, {
      as: admin,
      payload: { status: 'acknowledged', note: 'We have written to the hospital.' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [entry] = await auditOf(complaint.id);
    expect(entry).toMatchObject({
      action: 'PUT /api/v1/update-advocacy-status/{id}',
      entityType: 'complaint',
      before: { status: 'submitted', reference: complaint.reference },
      after: { status: 'acknowledged' },
    });
  });

  it('deleting a complaint is recorded for an admin and not for its patient', async () => {
    const byAdmin = await insertComplaintFor(t, member.id);
    const byPatient = await insertComplaintFor(t, member.id);
    expect(
      (await apiCall(t, 'DELETE', `/delete-advocacy/${byAdmin.id}`, { as: admin })).statusCode,
    ).toBe(200);
    expect(
      (await apiCall(t, 'DELETE', `/delete-advocacy/${byPatient.id}`, { as: member })).statusCode,
    ).toBe(200);
    const [entry] = await auditOf(byAdmin.id);
    expect(entry).toMatchObject({
      action: 'DELETE /api/v1/delete-advocacy/{id}',
      entityType: 'complaint',
      before: { status: 'submitted' },
    });
    expect(await auditOf(byPatient.id)).toEqual([]);
  });

  it('a review decision and an admin deleting a review are recorded', async () => {
    const facility = await createFacility(t);
    const review = await createReview(t, member, facility.id);
    const approved = await apiCall(t, 'PUT', `/admin/facility-reviews/${review._id}/status`, {
      as: admin,
      payload: { status: 'approved', verified: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [decision] = await auditOf(review._id);
    expect(decision).toMatchObject({
      action: 'PUT /api/v1/admin/facility-reviews/{id}/status',
      entityType: 'facility_review',
      before: { status: 'pending', verified: false },
      after: { status: 'approved', verified: true },
    });
    expect(
      (await apiCall(t, 'DELETE', `/facility-reviews/${review._id}`, { as: admin })).statusCode,
    ).toBe(200);
    const [deletion] = await auditOf(review._id);
    expect(deletion).toMatchObject({
      action: 'DELETE /api/v1/facility-reviews/{id}',
      before: { status: 'approved' },
    });

    // The author deleting their own review is not an admin action.
    const other = await createFacility(t);
    const own = await createReview(t, member, other.id);
    expect(
      (await apiCall(t, 'DELETE', `/facility-reviews/${own._id}`, { as: member })).statusCode,
    ).toBe(200);
    expect(await auditOf(own._id)).toEqual([]);
  });

  it('an organiser deleting their own campaign is not an admin action', async () => {
    const campaign = await createCampaign(t, member, { title: 'Campaign its organiser deletes' });
    expect(
      (await apiCall(t, 'DELETE', `/soft-delete-crowedFunding/${campaign._id}`, { as: member }))
        .statusCode,
    ).toBe(200);
    expect(await auditOf(campaign._id)).toEqual([]);
  });

  it('facility create, change and delete are recorded with the facility before', async () => {
    const form = await multipart({
      name: 'Audited Clinic',
      facilityType: 'Clinic',
      state: 'Lagos',
      lga: 'Ikeja',
      address: '3 Audit Lane',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/facilities',
      payload: form.payload,
      headers: { ...form.headers, ...admin.headers },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().result._id;
    const changed = await apiCall(t, 'PUT', `/admin/facilities/${id}`, {
      as: admin,
      payload: { verified: 'true' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await apiCall(t, 'DELETE', `/admin/facilities/${id}`, { as: admin })).statusCode).toBe(
      200,
    );
    const entries = await auditOf(id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'DELETE /api/v1/admin/facilities/{id}',
      'PUT /api/v1/admin/facilities/{id}',
      'POST /api/v1/admin/facilities',
    ]);
    expect(entries[1]).toMatchObject({
      entityType: 'facility',
      before: { verified: false, name: 'Audited Clinic' },
      after: { verified: true },
    });
    expect(entries[0]?.before).toMatchObject({ name: 'Audited Clinic', verified: true });
  });
});
