import { randomInt } from 'node:crypto';
import {
  complaintMessages,
  type TAdminComplaintsQuery,
  type TComplaint,
  type TComplaintRequest,
  type TComplaintStatusRequest,
  type TUserComplaintsQuery,
} from '@ipatient/contracts/advocacy';
import {
  canMoveComplaint,
  complaintLimits,
  complaintOverdue,
  complaintReferenceAlphabet,
  complaintStatusLabels,
  isFinalComplaintStatus,
  nextComplaintStatus,
} from '@ipatient/contracts/advocacy-rules';
import { brand } from '@ipatient/contracts/brand';
import { limits } from '@ipatient/contracts/constants';
import { isUuid } from '@ipatient/contracts/ids';
import { addWorkingDays, lagosDay } from '@ipatient/contracts/working-days';
import type { Database, Executor } from '@ipatient/db';
import { actorRoleOf, recordAccess, recordAccesses } from '../../lib/access-log.ts';
import type { UserRow } from '../../lib/present-user.ts';
import type { OutboxMailer, OutboxSms, Viewer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import { assertWithinLimit, type Limit, recordEvent } from '../../plugins/rate-limits.ts';
import { complaintStatusText } from '../../plugins/sms/sms-texts.ts';
import {
  complaintReceiptEmail,
  complaintStatusEmail,
  complaintTeamEmail,
} from './complaint-emails.ts';
import * as repository from './complaints.repository.ts';

export interface ComplaintsDeps {
  db: Database;
  mail: OutboxMailer;
  /** Status news by text message, for owners who asked for it. */
  sms: OutboxSms;
  publicUrl: string;
}

type SignedIn = NonNullable<Viewer>;

export const complaintLimit: Limit = {
  bucket: 'complaint-submit',
  max: complaintLimits.perUserPerDay,
  windowSeconds: 24 * 60 * 60,
  message: complaintMessages.rateLimited,
};

const isAdmin = (viewer: SignedIn) => viewer.role === 'admin';
const complaintNotFound = () => AppError.notFound('Complaint');

/**
 * A new reference: IPC-, the year and month in Lagos, and six characters drawn with the
 * crypto generator from an alphabet without look-alikes (29^6 ≈ 595 million per month).
 */
export function newComplaintReference(now: Date = new Date()): string {
  const { year, month } = lagosDay(now);
  const yymm = `${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}`;
  let suffix = '';
  for (let i = 0; i < 6; i++) {
    suffix += complaintReferenceAlphabet[randomInt(complaintReferenceAlphabet.length)];
  }
  return `IPC-${yymm}-${suffix}`;
}

/** The allow-list of what leaves the server about a complaint. */
export function presentComplaint(
  { complaint, owner }: repository.ComplaintWithOwner,
  events: repository.ComplaintEventRow[],
  now: Date = new Date(),
): TComplaint {
  const overdue = complaintOverdue(complaint, now);
  return {
    _id: complaint.id,
    reference: complaint.reference,
    hospitalName: complaint.hospitalName,
    hospitalAddress: complaint.hospitalAddress,
    category: complaint.category,
    complaints: complaint.complaints,
    status: complaint.status,
    submittedAt: complaint.submittedAt.toISOString(),
    acknowledgementDueAt: complaint.acknowledgementDueAt.toISOString(),
    responseDueAt: complaint.responseDueAt.toISOString(),
    acknowledgedAt: complaint.acknowledgedAt?.toISOString() ?? null,
    respondedAt: complaint.respondedAt?.toISOString() ?? null,
    overdue,
    isOverdue: overdue.acknowledgement || overdue.response,
    user: { _id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
    history: events.map((event) => ({
      status: event.status,
      note: event.note === '' ? null : event.note,
      at: event.createdAt.toISOString(),
      by: event.actor,
    })),
  };
}

async function presentMany(
  executor: Executor,
  rows: repository.ComplaintWithOwner[],
): Promise<TComplaint[]> {
  const events = await repository.eventsOf(
    executor,
    rows.map((row) => row.complaint.id),
  );
  const now = new Date();
  return rows.map((row) => presentComplaint(row, events.get(row.complaint.id) ?? [], now));
}

async function presentOne(
  executor: Executor,
  row: repository.ComplaintWithOwner,
): Promise<TComplaint> {
  const [presented] = await presentMany(executor, [row]);
  if (!presented) throw new Error('presentMany lost a row');
  return presented;
}

/** The complaint if the viewer may see it (its patient or an admin); 404 otherwise. */
function assertVisible(
  row: repository.ComplaintWithOwner | undefined,
  viewer: SignedIn,
): asserts row is repository.ComplaintWithOwner {
  if (!row || (row.complaint.userId !== viewer.id && !isAdmin(viewer))) throw complaintNotFound();
}

const complaintLink = (publicUrl: string, id: string) =>
  `${publicUrl}/advocacy/complaints/${encodeURIComponent(id)}`;

/** Tries fresh references until one is free; a clash is rare, five in a row is a fault. */
const REFERENCE_ATTEMPTS = 5;
/** How long the same complaint sent again counts as a repeat, not a new case. */
const SAME_COMPLAINT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Stores the complaint with its deadlines and first history entry, and queues the patient's
 * receipt and the team's notice, in one transaction: all of it happens or none.
 */
export async function createComplaint(
  deps: ComplaintsDeps,
  viewer: UserRow,
  input: TComplaintRequest,
): Promise<TComplaint> {
  await assertWithinLimit(deps.db, complaintLimit, viewer.id);
  const row = await deps.db.transaction(async (tx) => {
    // Counted again under a per-user lock: complaints sent at once cannot all pass.
    await repository.lockSubmitter(tx, viewer.id);
    const now = new Date();
    // The same complaint again (a double tap, an answer lost on a slow network, a second tab)
    // is refused, so the advocates never work one case twice.
    const twin = await repository.findSameComplaint(
      tx,
      viewer.id,
      input,
      new Date(now.getTime() - SAME_COMPLAINT_WINDOW_MS),
    );
    if (twin) {
      throw new AppError(
        'CONFLICT',
        complaintMessages.alreadySent.replace('{reference}', twin.reference),
      );
    }
    await assertWithinLimit(tx, complaintLimit, viewer.id);
    const values = {
      userId: viewer.id,
      hospitalName: input.hospitalName,
      hospitalAddress: input.hospitalAddress,
      category: input.category,
      complaints: input.complaints,
      status: 'submitted' as const,
      submittedAt: now,
      acknowledgementDueAt: addWorkingDays(now, limits.acknowledgementWorkingDays),
      responseDueAt: addWorkingDays(now, limits.responseWorkingDays),
    };
    let complaint: repository.ComplaintRow | undefined;
    for (let attempt = 0; attempt < REFERENCE_ATTEMPTS && !complaint; attempt++) {
      complaint = await repository.insertComplaint(tx, {
        ...values,
        reference: newComplaintReference(now),
      });
    }
    if (!complaint) throw new Error('no free complaint reference after several attempts');
    await repository.insertEvent(tx, {
      complaintId: complaint.id,
      status: 'submitted',
      actorId: viewer.id,
      createdAt: now,
    });
    const subject = {
      reference: complaint.reference,
      hospitalName: complaint.hospitalName,
      hospitalAddress: complaint.hospitalAddress,
      category: complaint.category,
      complaints: complaint.complaints,
      acknowledgementDueAt: complaint.acknowledgementDueAt,
      responseDueAt: complaint.responseDueAt,
      link: complaintLink(deps.publicUrl, complaint.id),
    };
    await deps.mail.enqueue(tx, {
      to: viewer.email,
      ...complaintReceiptEmail({ ...subject, firstName: viewer.firstName }),
    });
    const team = (await repository.findSiteContactEmail(tx)) ?? brand.contactEmail;
    await deps.mail.enqueue(tx, {
      to: team,
      ...complaintTeamEmail({
        ...subject,
        patientName: `${viewer.firstName} ${viewer.lastName}`,
        patientEmail: viewer.email,
      }),
    });
    await recordEvent(tx, complaintLimit.bucket, viewer.id);
    return { complaint, owner: viewer };
  });
  deps.mail.kick();
  return presentOne(deps.db, row);
}

export async function listUserComplaints(
  db: Database,
  viewer: SignedIn,
  userId: string,
  query: TUserComplaintsQuery,
  requestId?: string,
) {
  if (viewer.id !== userId && !isAdmin(viewer)) {
    throw new AppError('FORBIDDEN', complaintMessages.otherUsersList);
  }
  const { rows, total } = await repository.listComplaints(db, { ...query, userId });
  // The owner's own list is not recorded (it would be noise); anyone else's reading of it is.
  if (viewer.id !== userId) await recordComplaintsListed(db, viewer, rows, requestId);
  return {
    results: await presentMany(db, rows),
    meta: { page: query.page, limit: query.limit, total },
  };
}

export async function listAllComplaints(
  db: Database,
  query: TAdminComplaintsQuery,
  viewer?: SignedIn,
  requestId?: string,
) {
  const { rows, total } = await repository.listComplaints(db, query);
  if (viewer) await recordComplaintsListed(db, viewer, rows, requestId);
  return {
    results: await presentMany(db, rows),
    meta: { page: query.page, limit: query.limit, total },
  };
}

export async function getComplaint(
  db: Database,
  viewer: SignedIn,
  id: string,
  requestId?: string,
): Promise<TComplaint> {
  const row = await repository.findComplaint(db, id);
  assertVisible(row, viewer);
  // One complaint opened by anyone, its owner included, is recorded in the access log.
  await recordAccess(db, {
    actorId: viewer.id,
    actorRole: actorRoleOf(viewer),
    subjectType: 'complaint',
    subjectId: row.complaint.id,
    ownerId: row.complaint.userId,
    action: 'view',
    requestId,
  });
  return presentOne(db, row);
}

/** Complaints shown in a list to someone other than their owner, for the access log. */
function recordComplaintsListed(
  db: Database,
  viewer: SignedIn,
  rows: { complaint: { id: string; userId: string } }[],
  requestId: string | undefined,
): Promise<void> {
  return recordAccesses(
    db,
    rows.map(({ complaint }) => ({
      actorId: viewer.id,
      actorRole: actorRoleOf(viewer),
      subjectType: 'complaint' as const,
      subjectId: complaint.id,
      ownerId: complaint.userId,
      action: 'list' as const,
      requestId,
    })),
  );
}

/** The complaint as it was before an admin changes it, for the audit log (null when none). */
export async function complaintAuditSummary(db: Database, id: unknown) {
  if (!isUuid(id)) return null;
  const row = await repository.findComplaint(db, id);
  if (!row) return null;
  const { complaint } = row;
  return {
    reference: complaint.reference,
    status: complaint.status,
    hospitalName: complaint.hospitalName,
    userId: complaint.userId,
  };
}

/** The patient rewrites the complaint, while nobody has acknowledged it yet. */
export async function updateComplaint(
  db: Database,
  viewer: SignedIn,
  id: string,
  input: TComplaintRequest,
): Promise<TComplaint> {
  const row = await db.transaction(async (tx) => {
    const current = await repository.findComplaint(tx, id, { lock: true });
    assertVisible(current, viewer);
    if (current.complaint.userId !== viewer.id) {
      throw new AppError('FORBIDDEN', complaintMessages.onlyOwnerEdits);
    }
    if (current.complaint.status !== 'submitted') {
      throw new AppError('CONFLICT', complaintMessages.notEditable);
    }
    const updated = await repository.updateComplaint(tx, id, {
      hospitalName: input.hospitalName,
      hospitalAddress: input.hospitalAddress,
      category: input.category,
      complaints: input.complaints,
    });
    if (!updated) throw complaintNotFound();
    return { complaint: updated, owner: current.owner };
  });
  return presentOne(db, row);
}

/** The patient withdraws a complaint not yet acknowledged; an admin removes any. */
export async function deleteComplaint(db: Database, viewer: SignedIn, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repository.findComplaint(tx, id, { lock: true });
    assertVisible(current, viewer);
    if (!isAdmin(viewer) && current.complaint.status !== 'submitted') {
      throw new AppError('CONFLICT', complaintMessages.notDeletable);
    }
    await repository.deleteComplaint(tx, id);
  });
}

/**
 * An admin moves a complaint on: to the next status when none is given, else forward to the
 * one given ('closed' from any open status). The move is recorded with the note and emailed.
 */
export async function changeComplaintStatus(
  deps: ComplaintsDeps,
  admin: UserRow,
  id: string,
  input: TComplaintStatusRequest,
): Promise<TComplaint> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await repository.findComplaint(tx, id, { lock: true });
    if (!current) throw complaintNotFound();
    const from = current.complaint.status;
    if (isFinalComplaintStatus(from)) {
      throw new AppError('CONFLICT', complaintMessages.finished);
    }
    const to = input.status ?? nextComplaintStatus(from);
    if (!to || !canMoveComplaint(from, to)) {
      const message =
        to === from
          ? `This complaint is already ${complaintStatusLabels[from].toLowerCase()}.`
          : complaintMessages.backwards;
      throw new AppError('CONFLICT', message, { errors: { status: message } });
    }
    const now = new Date();
    const updated = await repository.updateComplaint(tx, id, {
      status: to,
      // Leaving 'submitted' in any direction is the acknowledgement the deadline asks for.
      ...(current.complaint.acknowledgedAt === null ? { acknowledgedAt: now } : {}),
      ...(isFinalComplaintStatus(to) ? { respondedAt: now } : {}),
    });
    if (!updated) throw complaintNotFound();
    await repository.insertEvent(tx, {
      complaintId: id,
      status: to,
      note: input.note ?? '',
      actorId: admin.id,
      createdAt: now,
    });
    await deps.mail.enqueue(tx, {
      to: current.owner.email,
      ...complaintStatusEmail({
        firstName: current.owner.firstName,
        reference: updated.reference,
        hospitalName: updated.hospitalName,
        status: to,
        note: input.note,
        link: complaintLink(deps.publicUrl, id),
      }),
    });
    await deps.sms.enqueueForMember(tx, current.owner.id, {
      kind: 'complaint',
      text: complaintStatusText({
        reference: updated.reference,
        statusLabel: complaintStatusLabels[to],
      }),
    });
    return { complaint: updated, owner: current.owner };
  });
  deps.mail.kick();
  deps.sms.kick();
  return presentOne(deps.db, row);
}
