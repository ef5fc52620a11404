import { advocacyResources } from '@ipatient/contracts/advocacy-resources';
import { complaintEvents, emailOutbox } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertComplaintFor } from '../../../test/complaints.ts';
import {
  admin,
  allComplaints,
  allEmails,
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
