import { complaints, emailOutbox, rateEvents, siteDocuments } from '@ipatient/db';
import { expect } from 'vitest';
import { createSignedInUser, type SignedInUser } from './accounts.ts';
import { submitComplaint, validComplaint } from './complaints.ts';
import { apiCall, createTestApp, type TestApp } from './helpers.ts';

/**
 * What the complaint route tests share: each test file starts its own app (`beforeAll`) with a
 * patient, another member and an admin, empties the complaint tables before each test
 * (`beforeEach`), and these helpers act on that file's app.
 */
export let t: TestApp;
export let patient: SignedInUser;
export let other: SignedInUser;
export let admin: SignedInUser;

/** Starts this test file's app and signs in its users. */
export async function startComplaintsApp(): Promise<void> {
  t = await createTestApp();
  patient = await createSignedInUser(t, { firstName: 'Chiamaka' });
  other = await createSignedInUser(t, { firstName: 'Bola' });
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Amina' });
}

/** Removes the complaints, emails, abuse counters and site documents of earlier tests. */
export async function clearComplaintData(): Promise<void> {
  await t.database.db.delete(complaints);
  await t.database.db.delete(emailOutbox);
  await t.database.db.delete(rateEvents);
  await t.database.db.delete(siteDocuments);
}

export const db = () => t.database.db;
export const allComplaints = () => db().select().from(complaints);
export const allEmails = () => db().select().from(emailOutbox);

/** Submits a valid complaint as the patient and returns its id; the emails are cleared. */
export async function submitted(user = patient, payload = validComplaint()): Promise<string> {
  const response = await submitComplaint(t, user, payload);
  expect(response.statusCode).toBe(201);
  await db().delete(emailOutbox);
  return response.json().result._id;
}

/** PUT /update-advocacy-status as the admin, another user, or a visitor (`null`). */
export function moveStatus(id: string, payload?: object, as: SignedInUser | null = admin) {
  return apiCall(t, 'PUT', `/update-advocacy-status/${id}`, {
    as: as ?? undefined,
    ...(payload ? { payload } : {}),
  });
}
