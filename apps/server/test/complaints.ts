import { limits } from '@ipatient/contracts/constants';
import { addWorkingDays } from '@ipatient/contracts/working-days';
import {
  type ComplaintRow,
  insertComplaint,
  insertEvent,
} from '../src/features/complaints/complaints.repository.ts';
import { newComplaintReference } from '../src/features/complaints/complaints.service.ts';
import type { SignedInUser } from './accounts.ts';
import { apiCall, type TestApp } from './helpers.ts';

/** Every field of a valid complaint. */
/** Makes each default complaint's text its own: the server refuses the same complaint twice. */
let serial = 0;

export function validComplaint(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  serial += 1;
  return {
    hospitalName: 'Lagos University Teaching Hospital',
    hospitalAddress: 'Ishaga Road, Idi-Araba, Surulere, Lagos',
    category: 'medical billing',
    complaints: `I was charged twice for the same blood test on the day of my discharge (${serial}) and nobody could explain why.`,
    ...overrides,
  };
}

/** POST /create-advocacy as `user` (a visitor when undefined); returns the raw answer. */
export function submitComplaint(
  t: TestApp,
  user: SignedInUser | undefined,
  payload: object = validComplaint(),
) {
  return apiCall(t, 'POST', '/create-advocacy', { as: user, payload });
}

/**
 * A complaint stored directly (no rate limit, no emails), submitted at `submittedAt` with the
 * deadlines the service would have computed, and its first history entry.
 */
export async function insertComplaintFor(
  t: TestApp,
  userId: string,
  options: { submittedAt?: Date; hospitalName?: string; status?: ComplaintRow['status'] } = {},
): Promise<ComplaintRow> {
  const submittedAt = options.submittedAt ?? new Date();
  const row = await insertComplaint(t.database.db, {
    reference: newComplaintReference(submittedAt),
    userId,
    hospitalName: options.hospitalName ?? 'General Hospital Ikeja',
    hospitalAddress: '1 Hospital Road, Ikeja, Lagos',
    category: 'health insurance',
    complaints: 'My HMO refused to approve a covered scan and the hospital asked me to pay.',
    status: options.status ?? 'submitted',
    submittedAt,
    acknowledgementDueAt: addWorkingDays(submittedAt, limits.acknowledgementWorkingDays),
    responseDueAt: addWorkingDays(submittedAt, limits.responseWorkingDays),
  });
  if (!row) throw new Error('reference clash in a test insert');
  await insertEvent(t.database.db, {
    complaintId: row.id,
    status: 'submitted',
    actorId: userId,
    createdAt: submittedAt,
  });
  return row;
}
