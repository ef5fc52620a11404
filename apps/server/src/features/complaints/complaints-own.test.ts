import { complaintMessages } from '@ipatient/contracts/advocacy';
import { complaintEvents, complaints, eq } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertComplaintFor, validComplaint } from '../../../test/complaints.ts';
import {
  admin,
  allComplaints,
  clearComplaintData,
  db,
  moveStatus,
  other,
  patient,
  startComplaintsApp,
  submitted,
  t,
} from '../../../test/complaints-suite.ts';
import { apiCall } from '../../../test/helpers.ts';

beforeAll(startComplaintsApp);
afterAll(() => t.close());
beforeEach(clearComplaintData);

describe('GET /api/v1/get-user-advocacies/{userId}', () => {
  it("lists the user's own complaints newest first, with history and meta", async () => {
    const old = await insertComplaintFor(t, patient.id, {
      submittedAt: new Date(Date.now() - 3 * 24 * 3600_000),
      hospitalName: 'Old Hospital',
    });
    const recent = await insertComplaintFor(t, patient.id, { hospitalName: 'New Hospital' });
    await insertComplaintFor(t, other.id);
    const response = await apiCall(t, 'GET', `/get-user-advocacies/${patient.id}`, { as: patient });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Complaints fetched');
    expect(body.results.map((c: { _id: string }) => c._id)).toEqual([recent.id, old.id]);
    expect(body.result).toEqual(body.results);
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 2 });
    expect(body.results[0].history).toHaveLength(1);
    expect(body.results[0].history[0].status).toBe('submitted');
  });

  it('pages with page and limit', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const row = await insertComplaintFor(t, patient.id, {
        submittedAt: new Date(Date.now() - i * 60_000),
      });
      ids.push(row.id);
    }
    const response = await apiCall(t, 'GET', `/get-user-advocacies/${patient.id}?page=2&limit=2`, {
      as: patient,
    });
    const body = response.json();
    expect(body.results.map((c: { _id: string }) => c._id)).toEqual(ids.slice(2, 4));
    expect(body.meta).toEqual({ page: 2, limit: 2, total: 5 });
  });

  it('refuses another member (403), lets an admin read it, 401 for a visitor', async () => {
    await insertComplaintFor(t, patient.id);
    const url = `/get-user-advocacies/${patient.id}`;
    const forbidden = await apiCall(t, 'GET', url, { as: other });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('You can only view your own complaints.');
    const asAdmin = await apiCall(t, 'GET', url, { as: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().results).toHaveLength(1);
    expect((await apiCall(t, 'GET', url)).statusCode).toBe(401);
  });

  it('refuses a bad user id or page with 400', async () => {
    const bad = await apiCall(t, 'GET', '/get-user-advocacies/not-a-uuid', { as: patient });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('userId');
    const page = await apiCall(t, 'GET', `/get-user-advocacies/${patient.id}?page=0`, {
      as: patient,
    });
    expect(page.statusCode).toBe(400);
    expect(page.json().errors.page).toBe('page must be at least 1');
    const limit = await apiCall(t, 'GET', `/get-user-advocacies/${patient.id}?limit=51`, {
      as: patient,
    });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().errors).toHaveProperty('limit');
  });
});

describe('GET /api/v1/get-single-advocacy/{id}', () => {
  it('answers the owner and an admin; 404 for anyone else, 401 for a visitor', async () => {
    const id = await submitted();
    const own = await apiCall(t, 'GET', `/get-single-advocacy/${id}`, { as: patient });
    expect(own.statusCode).toBe(200);
    expect(own.json().message).toBe('Complaint fetched');
    expect(own.json().result._id).toBe(id);
    expect((await apiCall(t, 'GET', `/get-single-advocacy/${id}`, { as: admin })).statusCode).toBe(
      200,
    );
    const hidden = await apiCall(t, 'GET', `/get-single-advocacy/${id}`, { as: other });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Complaint not found');
    expect((await apiCall(t, 'GET', `/get-single-advocacy/${id}`)).statusCode).toBe(401);
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await apiCall(t, 'GET', `/get-single-advocacy/${unknown}`, { as: admin })).statusCode,
    ).toBe(404);
    const bad = await apiCall(t, 'GET', '/get-single-advocacy/123', { as: patient });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.id).toBe('Not a complaint id');
  });
});

describe('overdue flags (computed when read)', () => {
  const day = 24 * 3600_000;

  it('flags both deadlines of an old, untouched complaint', async () => {
    const row = await insertComplaintFor(t, patient.id, {
      submittedAt: new Date(Date.now() - 60 * day),
    });
    const result = (
      await apiCall(t, 'GET', `/get-single-advocacy/${row.id}`, { as: patient })
    ).json().result;
    expect(result.overdue).toEqual({ acknowledgement: true, response: true });
    expect(result.isOverdue).toBe(true);

    // Acknowledged: only the response is still late; resolved: nothing is.
    await moveStatus(row.id);
    let now = (await apiCall(t, 'GET', `/get-single-advocacy/${row.id}`, { as: patient })).json()
      .result;
    expect(now.overdue).toEqual({ acknowledgement: false, response: true });
    await moveStatus(row.id, { status: 'resolved' });
    now = (await apiCall(t, 'GET', `/get-single-advocacy/${row.id}`, { as: patient })).json()
      .result;
    expect(now.overdue).toEqual({ acknowledgement: false, response: false });
    expect(now.isOverdue).toBe(false);
  });

  it('flags only the acknowledgement when it is late but the response is not', async () => {
    // 20 calendar days: more than 5 working days, fewer than 20.
    const row = await insertComplaintFor(t, patient.id, {
      submittedAt: new Date(Date.now() - 20 * day),
    });
    const result = (await apiCall(t, 'GET', `/get-single-advocacy/${row.id}`, { as: admin })).json()
      .result;
    expect(result.overdue).toEqual({ acknowledgement: true, response: false });
    expect(result.isOverdue).toBe(true);
  });

  it('uses the stored deadlines, so a row updated into the past is late', async () => {
    const id = await submitted();
    await db()
      .update(complaints)
      .set({ acknowledgementDueAt: new Date(Date.now() - 1000) })
      .where(eq(complaints.id, id));
    const result = (await apiCall(t, 'GET', `/get-single-advocacy/${id}`, { as: patient })).json()
      .result;
    expect(result.overdue).toEqual({ acknowledgement: true, response: false });
  });
});

describe('PUT /api/v1/update-advocacy/{id}', () => {
  const changes = validComplaint({
    hospitalName: 'National Hospital Abuja',
    hospitalAddress: 'Plot 132 Central District, Abuja',
    category: 'health insurance',
    complaints: 'My HMO refused to approve the MRI scan that my plan covers.',
  });

  it('lets the owner rewrite the complaint while it is submitted', async () => {
    const id = await submitted();
    const [before] = await allComplaints();
    const response = await apiCall(t, 'PUT', `/update-advocacy/${id}`, {
      as: patient,
      payload: changes,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Your complaint has been updated');
    expect(response.json().result).toMatchObject(changes);
    const [row] = await allComplaints();
    expect(row).toMatchObject(changes);
    // The reference and the deadlines stay as they were.
    expect(row?.reference).toBe(before?.reference);
    expect(row?.acknowledgementDueAt).toEqual(before?.acknowledgementDueAt);
  });

  it('refuses bad input with 400 naming the field and changes nothing', async () => {
    const id = await submitted();
    const [before] = await allComplaints();
    for (const override of [
      { hospitalName: 'A' },
      { hospitalAddress: '' },
      { category: 'patient rights' },
      { complaints: 'short' },
    ]) {
      const response = await apiCall(t, 'PUT', `/update-advocacy/${id}`, {
        as: patient,
        payload: { ...changes, ...override },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(Object.keys(override));
    }
    expect(await allComplaints()).toEqual([before]);
  });

  it('404 for another member, 403 for an admin who did not send it, 401 for a visitor', async () => {
    const id = await submitted();
    const [before] = await allComplaints();
    const url = `/update-advocacy/${id}`;
    expect((await apiCall(t, 'PUT', url, { as: other, payload: changes })).statusCode).toBe(404);
    const byAdmin = await apiCall(t, 'PUT', url, { as: admin, payload: changes });
    expect(byAdmin.statusCode).toBe(403);
    expect((await apiCall(t, 'PUT', url, { payload: changes })).statusCode).toBe(401);
    expect(await allComplaints()).toEqual([before]);
  });

  it('refuses with 409 once the complaint is acknowledged', async () => {
    const id = await submitted();
    expect((await moveStatus(id)).statusCode).toBe(200);
    const response = await apiCall(t, 'PUT', `/update-advocacy/${id}`, {
      as: patient,
      payload: changes,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'This complaint has been acknowledged and can no longer be edited.',
    );
    const [row] = await allComplaints();
    expect(row?.hospitalName).toBe('Lagos University Teaching Hospital');
  });
});

describe('DELETE /api/v1/delete-advocacy/{id}', () => {
  it('lets the owner withdraw a submitted complaint, with its history', async () => {
    const id = await submitted();
    const response = await apiCall(t, 'DELETE', `/delete-advocacy/${id}`, { as: patient });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Complaint deleted' });
    expect(await allComplaints()).toHaveLength(0);
    expect(await db().select().from(complaintEvents)).toHaveLength(0);
  });

  it('refuses the owner once acknowledged (409); an admin may delete any time', async () => {
    const id = await submitted();
    await moveStatus(id);
    const refused = await apiCall(t, 'DELETE', `/delete-advocacy/${id}`, { as: patient });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(complaintMessages.notDeletable);
    expect(await allComplaints()).toHaveLength(1);
    expect((await apiCall(t, 'DELETE', `/delete-advocacy/${id}`, { as: admin })).statusCode).toBe(
      200,
    );
    expect(await allComplaints()).toHaveLength(0);
  });

  it('404 for another member or an unknown id, 401 for a visitor', async () => {
    const id = await submitted();
    expect((await apiCall(t, 'DELETE', `/delete-advocacy/${id}`, { as: other })).statusCode).toBe(
      404,
    );
    expect((await apiCall(t, 'DELETE', `/delete-advocacy/${id}`)).statusCode).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await apiCall(t, 'DELETE', `/delete-advocacy/${unknown}`, { as: patient })).statusCode,
    ).toBe(404);
    expect(await allComplaints()).toHaveLength(1);
  });
});
