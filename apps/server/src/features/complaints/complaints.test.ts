import { brand } from '@ipatient/contracts';
import { complaintMessages } from '@ipatient/contracts/advocacy';
import { advocacyResources } from '@ipatient/contracts/advocacy-resources';
import { complaintCategories, complaintReferencePattern } from '@ipatient/contracts/advocacy-rules';
import { brandText } from '@ipatient/contracts/brand';
import { addWorkingDays } from '@ipatient/contracts/working-days';
import {
  complaintEvents,
  complaints,
  emailOutbox,
  eq,
  rateEvents,
  siteDocuments,
} from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/accounts.ts';
import { insertComplaintFor, submitComplaint, validComplaint } from '../../../test/complaints.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { saveSiteDocuments } from '../site-docs/site-docs.service.ts';
import { formatLagosDay } from './complaint-emails.ts';

let t: TestApp;
let patient: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  patient = await createSignedInUser(t, { firstName: 'Chiamaka' });
  other = await createSignedInUser(t, { firstName: 'Bola' });
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Amina' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(complaints);
  await t.database.db.delete(emailOutbox);
  await t.database.db.delete(rateEvents);
  await t.database.db.delete(siteDocuments);
});

const db = () => t.database.db;
const allComplaints = () => db().select().from(complaints);
const allEmails = () => db().select().from(emailOutbox);

/** Submits a valid complaint as the patient and returns its id; the emails are cleared. */
async function submitted(user = patient, payload = validComplaint()): Promise<string> {
  const response = await submitComplaint(t, user, payload);
  expect(response.statusCode).toBe(201);
  await db().delete(emailOutbox);
  return response.json().result._id;
}

/** PUT /update-advocacy-status as the admin, another user, or a visitor (`null`). */
function moveStatus(id: string, payload?: object, as: SignedInUser | null = admin) {
  return apiCall(t, 'PUT', `/update-advocacy-status/${id}`, {
    as: as ?? undefined,
    ...(payload ? { payload } : {}),
  });
}

describe('POST /api/v1/create-advocacy', () => {
  it('stores the complaint with its reference, deadlines and first history entry', async () => {
    const before = Date.now();
    const response = await submitComplaint(t, patient);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Your complaint has been submitted');
    const result = body.result;
    expect(result).toMatchObject({
      hospitalName: 'Lagos University Teaching Hospital',
      hospitalAddress: 'Ishaga Road, Idi-Araba, Surulere, Lagos',
      category: 'medical billing',
      status: 'submitted',
      acknowledgedAt: null,
      respondedAt: null,
      overdue: { acknowledgement: false, response: false },
      isOverdue: false,
      user: { _id: patient.id, firstName: 'Chiamaka', lastName: 'Okafor' },
    });
    expect(result.reference).toMatch(complaintReferencePattern);
    expect(result.history).toEqual([
      {
        status: 'submitted',
        note: null,
        at: result.submittedAt,
        by: { firstName: 'Chiamaka', lastName: 'Okafor' },
      },
    ]);

    const submittedAt = new Date(result.submittedAt);
    expect(submittedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(result.acknowledgementDueAt).toBe(addWorkingDays(submittedAt, 5).toISOString());
    expect(result.responseDueAt).toBe(addWorkingDays(submittedAt, 20).toISOString());

    const [row] = await allComplaints();
    expect(row?.userId).toBe(patient.id);
    expect(row?.reference).toBe(result.reference);
    expect(row?.acknowledgementDueAt.toISOString()).toBe(result.acknowledgementDueAt);
    expect(row?.responseDueAt.toISOString()).toBe(result.responseDueAt);
  });

  it('emails the patient a receipt and the team a notice, in the outbox', async () => {
    const result = (await submitComplaint(t, patient)).json().result;
    const emails = await allEmails();
    expect(emails).toHaveLength(2);
    const receipt = emails.find((email) => email.to === patient.email);
    expect(receipt?.subject).toContain(result.reference);
    const ackDay = formatLagosDay(new Date(result.acknowledgementDueAt));
    const responseDay = formatLagosDay(new Date(result.responseDueAt));
    expect(ackDay).toMatch(/^[A-Z][a-z]+day, \d{1,2} [A-Z][a-z]+ \d{4}$/);
    for (const text of [receipt?.text, receipt?.html]) {
      expect(text).toContain(result.reference);
      expect(text).toContain(`by the end of ${ackDay}`);
      expect(text).toContain(`by the end of ${responseDay}`);
      expect(text).toContain('Lagos University Teaching Hospital');
    }
    expect(receipt?.text).toContain(`/advocacy/complaints/${result._id}`);

    const notice = emails.find((email) => email.to === brand.contactEmail);
    expect(notice?.subject).toBe(
      `New complaint ${result.reference}: Lagos University Teaching Hospital`,
    );
    expect(notice?.text).toContain(patient.email);
    expect(notice?.text).toContain(validComplaint().complaints as string);
  });

  it("sends the team's notice to the website documents' contact address when set", async () => {
    await saveSiteDocuments(db(), {
      termsAndCondition: '<p>Terms</p>',
      aboutUs: '<p>About</p>',
      contactUs: { email: 'care@ipatient.example', phone: '+2348000000000', address: 'Lagos' },
      socialMedia: {},
    });
    expect((await submitComplaint(t, patient)).statusCode).toBe(201);
    const recipients = (await allEmails()).map((email) => email.to).sort();
    expect(recipients).toEqual(['care@ipatient.example', patient.email].sort());
  });

  it('escapes the patient’s words in the HTML emails', async () => {
    await submitComplaint(
      t,
      patient,
      validComplaint({
        hospitalName: '<b>St Nicholas</b>',
        complaints: '<script>alert(1)</script> the nurse ignored my mother for hours.',
      }),
    );
    const emails = await allEmails();
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(email.html).not.toContain('<script>');
      expect(email.html).not.toContain('<b>St Nicholas');
      expect(email.html).toContain('&lt;script&gt;');
      expect(email.text).toContain('<script>alert(1)</script>');
    }
  });

  it('trims the fields and keeps the paragraphs of the complaint', async () => {
    const response = await submitComplaint(
      t,
      patient,
      validComplaint({
        hospitalName: '  Federal   Medical Centre\n Owerri ',
        hospitalAddress: ' Orlu Road,  Owerri ',
        complaints: '  First paragraph of my complaint.\r\n\r\nSecond paragraph here.  ',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().result).toMatchObject({
      hospitalName: 'Federal Medical Centre Owerri',
      hospitalAddress: 'Orlu Road, Owerri',
      complaints: 'First paragraph of my complaint.\n\nSecond paragraph here.',
    });
  });

  it.each(complaintCategories)('accepts the category %j', async (category) => {
    const response = await submitComplaint(t, patient, validComplaint({ category }));
    expect(response.statusCode).toBe(201);
    expect(response.json().result.category).toBe(category);
  });

  it('accepts the brand-word category and refuses its lowercase variant', async () => {
    const brandCategory = brandText('{product} Rights');
    expect(brandCategory).toBe('Patient Rights');
    expect(
      (await submitComplaint(t, patient, validComplaint({ category: brandCategory }))).statusCode,
    ).toBe(201);
    const refused = await submitComplaint(
      t,
      patient,
      validComplaint({ category: brandCategory.toLowerCase() }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.category).toBe(
      'Choose one of: health insurance, medical billing, medical errors/Negligence, Patient Rights',
    );
  });

  it.each([
    ['hospitalName', { hospitalName: undefined }, 'Hospital name is required'],
    ['hospitalName', { hospitalName: '   ' }, 'Hospital name is required'],
    ['hospitalName', { hospitalName: 'A' }, 'Hospital name must be at least 2 characters'],
    [
      'hospitalName',
      { hospitalName: 'H'.repeat(151) },
      'Hospital name must be at most 150 characters',
    ],
    ['hospitalName', { hospitalName: 42 }, 'Hospital name must be text'],
    ['hospitalAddress', { hospitalAddress: '' }, 'Hospital address is required'],
    [
      'hospitalAddress',
      { hospitalAddress: 'Ikej' },
      'Hospital address must be at least 5 characters',
    ],
    [
      'hospitalAddress',
      { hospitalAddress: 'a'.repeat(301) },
      'Hospital address must be at most 300 characters',
    ],
    ['complaints', { complaints: undefined }, 'Describe your complaint'],
    [
      'complaints',
      { complaints: `   ${'x'.repeat(19)}   ` },
      'Complaint must be at least 20 characters',
    ],
    ['complaints', { complaints: 'c'.repeat(5001) }, 'Complaint must be at most 5,000 characters'],
    ['category', { category: 'billing' }, 'Choose one of:'],
    ['category', { category: undefined }, 'Choose one of:'],
    ['category', { category: ['medical billing'] }, 'Category must be text'],
  ])(
    'refuses a bad %s (%j): 400 naming it, nothing stored or sent',
    async (field, override, message) => {
      const response = await submitComplaint(t, patient, validComplaint(override));
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION');
      expect(Object.keys(body.errors)).toEqual([field]);
      expect(body.errors[field]).toContain(message);
      expect(body.message).toContain(message);
      expect(await allComplaints()).toHaveLength(0);
      expect(await allEmails()).toHaveLength(0);
      expect(await db().select().from(rateEvents)).toHaveLength(0);
    },
  );

  it('accepts every field at its limits', async () => {
    const response = await submitComplaint(
      t,
      patient,
      validComplaint({
        hospitalName: 'H'.repeat(150),
        hospitalAddress: 'a'.repeat(300),
        complaints: 'c'.repeat(5000),
      }),
    );
    expect(response.statusCode).toBe(201);
    const short = await submitComplaint(
      t,
      patient,
      validComplaint({ hospitalName: 'GH', hospitalAddress: 'Abuja', complaints: 'c'.repeat(20) }),
    );
    expect(short.statusCode).toBe(201);
  });

  it('answers 401 to a visitor and stores nothing', async () => {
    const response = await submitComplaint(t, undefined);
    expect(response.statusCode).toBe(401);
    expect(await allComplaints()).toHaveLength(0);
    expect(await allEmails()).toHaveLength(0);
  });

  it('allows 5 complaints in 24 hours per user, then 429 with a wait', async () => {
    for (let i = 0; i < 5; i++) expect((await submitComplaint(t, patient)).statusCode).toBe(201);
    const limited = await submitComplaint(t, patient);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.json().message).toMatch(
      /^You have submitted several complaints in the last 24 hours\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await allComplaints()).toHaveLength(5);
    expect(await allEmails()).toHaveLength(10);
    // Another user is not affected.
    expect((await submitComplaint(t, other)).statusCode).toBe(201);
  });

  it('counts complaints sent at once: no more than 5 get through', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => submitComplaint(t, patient)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(3);
    expect(await allComplaints()).toHaveLength(5);
    expect(await allEmails()).toHaveLength(10);
  });

  it('does not count refused complaints against the user', async () => {
    for (let i = 0; i < 6; i++) {
      await submitComplaint(t, patient, validComplaint({ complaints: 'too short' }));
    }
    expect((await submitComplaint(t, patient)).statusCode).toBe(201);
  });

  it('gives every complaint its own reference', async () => {
    const references = new Set<string>();
    for (let i = 0; i < 5; i++) {
      references.add((await submitComplaint(t, patient)).json().result.reference);
    }
    expect(references.size).toBe(5);
  });
});

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

describe('PUT /api/v1/update-advocacy-status/{id}', () => {
  it('walks to the next status when no body is sent, recording each move', async () => {
    const id = await submitted();
    const walk = ['acknowledged', 'under_review', 'resolved'];
    for (const status of walk) {
      const response = await moveStatus(id);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Complaint status updated');
      expect(response.json().result.status).toBe(status);
    }
    const result = (await apiCall(t, 'GET', `/get-single-advocacy/${id}`, { as: patient })).json()
      .result;
    expect(result.history.map((entry: { status: string }) => entry.status)).toEqual([
      'submitted',
      ...walk,
    ]);
    expect(result.history[1].by).toEqual({ firstName: 'Amina', lastName: 'Okafor' });
    expect(result.acknowledgedAt).toBe(result.history[1].at);
    expect(result.respondedAt).toBe(result.history[3].at);
    const emails = await allEmails();
    expect(emails).toHaveLength(3);
    expect(emails.every((email) => email.to === patient.email)).toBe(true);

    const after = await moveStatus(id);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This complaint is already resolved or closed.');
    expect(await allEmails()).toHaveLength(3);
  });

  it('moves to a later status given, with the note in the history and the email', async () => {
    const id = await submitted();
    const note = 'We have written to the hospital <Medical Director> & asked for your bill.';
    const response = await moveStatus(id, { status: 'under_review', note: `  ${note}  ` });
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result.status).toBe('under_review');
    expect(result.acknowledgedAt).not.toBeNull();
    expect(result.respondedAt).toBeNull();
    expect(result.history[1]).toMatchObject({ status: 'under_review', note });
    const [email] = await allEmails();
    expect(email?.to).toBe(patient.email);
    expect(email?.subject).toBe(`Your complaint ${result.reference} is now: Under review`);
    expect(email?.text).toContain(note);
    expect(email?.text).toContain(result.reference);
    expect(email?.html).toContain('&lt;Medical Director&gt; &amp; asked');
    expect(email?.html).not.toContain('<Medical Director>');
  });

  it('closes from any open status and then refuses every move', async () => {
    const id = await submitted();
    await moveStatus(id);
    const closed = await moveStatus(id, { status: 'closed', note: 'Resolved by phone.' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().result.status).toBe('closed');
    expect(closed.json().result.respondedAt).not.toBeNull();
    for (const status of ['resolved', 'under_review', 'closed']) {
      expect((await moveStatus(id, { status })).statusCode).toBe(409);
    }
    const straight = await submitted();
    expect((await moveStatus(straight, { status: 'closed' })).json().result.status).toBe('closed');
  });

  it('refuses backwards and same-status moves with 409 and changes nothing', async () => {
    const id = await submitted();
    await moveStatus(id, { status: 'under_review' });
    await db().delete(emailOutbox);
    const backwards = await moveStatus(id, { status: 'acknowledged' });
    expect(backwards.statusCode).toBe(409);
    expect(backwards.json().message).toBe('A complaint cannot go back to an earlier status.');
    expect((await moveStatus(id, { status: 'submitted' })).statusCode).toBe(409);
    const same = await moveStatus(id, { status: 'under_review' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('This complaint is already under review.');
    const [row] = await allComplaints();
    expect(row?.status).toBe('under_review');
    expect(await db().select().from(complaintEvents)).toHaveLength(2);
    expect(await allEmails()).toHaveLength(0);
  });

  it('refuses an unknown status or a long note with 400, changing nothing', async () => {
    const id = await submitted();
    const status = await moveStatus(id, { status: 'done' });
    expect(status.statusCode).toBe(400);
    expect(status.json().errors.status).toBe(
      'Choose one of: submitted, acknowledged, under_review, resolved, closed',
    );
    const note = await moveStatus(id, { note: 'n'.repeat(2001) });
    expect(note.statusCode).toBe(400);
    expect(note.json().errors.note).toBe('Note must be at most 2,000 characters');
    expect((await moveStatus(id, { note: 'n'.repeat(2000) })).statusCode).toBe(200);
    const [row] = await allComplaints();
    expect(row?.status).toBe('acknowledged');
    expect(await allEmails()).toHaveLength(1);
  });

  it('is for admins only: 403 for members (even the owner), 401 for visitors', async () => {
    const id = await submitted();
    const byOwner = await moveStatus(id, undefined, patient);
    expect(byOwner.statusCode).toBe(403);
    expect((await moveStatus(id, { status: 'closed' }, other)).statusCode).toBe(403);
    expect((await moveStatus(id, undefined, null)).statusCode).toBe(401);
    const [row] = await allComplaints();
    expect(row?.status).toBe('submitted');
    expect(await allEmails()).toHaveLength(0);
  });

  it('404 for an unknown complaint', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await moveStatus(unknown)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/get-all-advocacies', () => {
  it('lists every complaint for an admin, newest first, with meta', async () => {
    const first = await insertComplaintFor(t, patient.id, {
      submittedAt: new Date(Date.now() - 60_000),
    });
    const second = await insertComplaintFor(t, other.id);
    const response = await apiCall(t, 'GET', '/get-all-advocacies', { as: admin });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.results.map((c: { _id: string }) => c._id)).toEqual([second.id, first.id]);
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 2 });
  });

  it('filters by status, overdue and search (reference or hospital name)', async () => {
    const late = await insertComplaintFor(t, patient.id, {
      submittedAt: new Date(Date.now() - 60 * 24 * 3600_000),
      hospitalName: 'Aminu Kano Teaching Hospital',
    });
    const fresh = await insertComplaintFor(t, other.id, { hospitalName: 'Reddington 100% Care' });
    const reviewed = await insertComplaintFor(t, other.id, { status: 'under_review' });
    const ids = async (query: string) => {
      const response = await apiCall(t, 'GET', `/get-all-advocacies?${query}`, { as: admin });
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .results.map((c: { _id: string }) => c._id)
        .sort();
    };
    expect(await ids('status=under_review')).toEqual([reviewed.id]);
    expect(await ids('overdue=true')).toEqual([late.id]);
    expect(await ids('overdue=false')).toEqual([fresh.id, reviewed.id].sort());
    expect(await ids('search=aminu kano')).toEqual([late.id]);
    expect(await ids(`search=${late.reference.toLowerCase()}`)).toEqual([late.id]);
    expect(await ids('search=100%25')).toEqual([fresh.id]);
    expect(await ids('search=%25')).toEqual([fresh.id]);
    expect(await ids('search=')).toHaveLength(3);
  });

  it('403 for members, 401 for visitors, 400 for bad filters', async () => {
    expect((await apiCall(t, 'GET', '/get-all-advocacies', { as: patient })).statusCode).toBe(403);
    expect((await apiCall(t, 'GET', '/get-all-advocacies')).statusCode).toBe(401);
    for (const [query, field] of [
      ['status=nope', 'status'],
      ['overdue=maybe', 'overdue'],
      ['page=-1', 'page'],
      ['limit=abc', 'limit'],
      [`search=${'s'.repeat(101)}`, 'search'],
    ]) {
      const response = await apiCall(t, 'GET', `/get-all-advocacies?${query}`, { as: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty(field as string);
    }
  });
});

describe('GET /api/v1/get-advocacy-files', () => {
  it('lists six readable guides and nine videos coming soon, for everyone', async () => {
    const response = await apiCall(t, 'GET', '/get-advocacy-files');
    expect(response.statusCode).toBe(200);
    const { message, results } = response.json();
    expect(message).toBe('Advocacy resources fetched');
    const ebooks = results.filter((r: { kind: string }) => r.kind === 'ebook');
    const videos = results.filter((r: { kind: string }) => r.kind === 'video');
    expect(ebooks).toHaveLength(6);
    expect(videos).toHaveLength(9);
    expect(ebooks.every((r: { available: boolean }) => r.available)).toBe(true);
    expect(videos.every((r: { available: boolean }) => !r.available)).toBe(true);
    expect(results.map((r: { _id: string }) => r._id)).toEqual(
      advocacyResources.map((resource) => resource.slug),
    );
    expect(results[0]).not.toHaveProperty('sections');
    expect(Object.keys(results[0]).sort()).toEqual(
      ['_id', 'available', 'kind', 'minutes', 'summary', 'title'].sort(),
    );
  });

  it('has guides of 3 to 5 sections and about 250 to 400 words', () => {
    for (const guide of advocacyResources.filter((resource) => resource.kind === 'ebook')) {
      const sections = guide.sections ?? [];
      expect(sections.length).toBeGreaterThanOrEqual(3);
      expect(sections.length).toBeLessThanOrEqual(5);
      const words = sections
        .flatMap((section) => [section.heading, ...section.paragraphs])
        .join(' ')
        .split(/\s+/).length;
      expect(words).toBeGreaterThanOrEqual(250);
      expect(words).toBeLessThanOrEqual(400);
    }
  });
});

describe('OpenAPI document', () => {
  it('documents every complaints route', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/v1/create-advocacy',
        'GET /api/v1/get-user-advocacies/{userId}',
        'GET /api/v1/get-single-advocacy/{id}',
        'PUT /api/v1/update-advocacy/{id}',
        'DELETE /api/v1/delete-advocacy/{id}',
        'PUT /api/v1/update-advocacy-status/{id}',
        'GET /api/v1/get-all-advocacies',
        'GET /api/v1/get-advocacy-files',
      ]),
    );
  });
});
