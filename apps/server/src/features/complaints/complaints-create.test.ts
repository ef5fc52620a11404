import { brand } from '@ipatient/contracts';
import { complaintCategories, complaintReferencePattern } from '@ipatient/contracts/advocacy-rules';
import { brandText } from '@ipatient/contracts/brand';
import { addWorkingDays } from '@ipatient/contracts/working-days';
import { rateEvents } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { submitComplaint, validComplaint } from '../../../test/complaints.ts';
import {
  allComplaints,
  allEmails,
  clearComplaintData,
  db,
  other,
  patient,
  startComplaintsApp,
  t,
} from '../../../test/complaints-suite.ts';
import { saveSiteDocuments } from '../site-docs/site-docs.service.ts';
import { formatLagosDay } from './complaint-emails.ts';

beforeAll(startComplaintsApp);
afterAll(() => t.close());
beforeEach(clearComplaintData);

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
    const complaint = validComplaint();
    const result = (await submitComplaint(t, patient, complaint)).json().result;
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
    expect(notice?.text).toContain(complaint.complaints as string);
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

  it('refuses the same complaint sent again (409 with its reference), also when sent at once', async () => {
    const complaint = validComplaint();
    const first = await submitComplaint(t, patient, complaint);
    expect(first.statusCode, first.body).toBe(201);
    const reference = first.json().result.reference as string;
    const again = await submitComplaint(t, patient, complaint);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `You have already sent this complaint (reference ${reference}). You can follow it in your account.`,
    );
    // Sent twice at once (a double tap on a slow network): one case, one pair of emails.
    const twice = validComplaint();
    const answers = await Promise.all([
      submitComplaint(t, patient, twice),
      submitComplaint(t, patient, twice),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await allComplaints()).toHaveLength(2);
    expect(await allEmails()).toHaveLength(4);
    // Another text, hospital or patient is another complaint.
    expect(
      (await submitComplaint(t, patient, { ...complaint, category: 'health insurance' }))
        .statusCode,
    ).toBe(201);
    expect((await submitComplaint(t, other, complaint)).statusCode).toBe(201);
  });

  it('gives every complaint its own reference', async () => {
    const references = new Set<string>();
    for (let i = 0; i < 5; i++) {
      references.add((await submitComplaint(t, patient)).json().result.reference);
    }
    expect(references.size).toBe(5);
  });
});
