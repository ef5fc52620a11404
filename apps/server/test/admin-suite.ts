import type { TAdminDashboard } from '@ipatient/contracts/admin';
import { contactMessages } from '@ipatient/db';
import { expect } from 'vitest';
import { createSignedInUser, type SignedInUser } from './accounts.ts';
import { apiCall, createTestApp, type TestApp } from './helpers.ts';

/**
 * What the admin route tests share: each test file starts its own app (`beforeAll`) with an admin
 * and a member. Nothing is emptied between tests: they count relative to what is there, and a
 * later block may read what an earlier one did (the audit log lists the inbox's changes).
 */
export let t: TestApp;
export let admin: SignedInUser;
export let member: SignedInUser;

/** Starts this test file's app and signs in its admin and member. */
export async function startAdminApp(): Promise<void> {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Bola' });
  member = await createSignedInUser(t, { firstName: 'Chidi' });
}

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export async function dashboard() {
  const response = await apiCall(t, 'GET', '/admin/dashboard', { as: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as TAdminDashboard;
}

export async function insertMessage(overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(contactMessages)
    .values({
      firstName: 'Ngozi',
      lastName: 'Eze',
      email: 'ngozi@example.ng',
      phone: '+2348031112222',
      message: 'I would like to volunteer as a patient advocate in Enugu.',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('message not inserted');
  return row;
}
