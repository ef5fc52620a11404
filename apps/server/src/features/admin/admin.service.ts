import {
  adminLimits,
  adminUserTexts,
  type TAdminDashboard,
  type TAdminUser,
  type TAdminUserListQuery,
  type TAuditEntry,
  type TAuditListQuery,
  type TContactMessage,
  type TContactMessageListQuery,
  type TUserRoleRequest,
} from '@ipatient/contracts/admin';
import { normalizeContactPhone } from '@ipatient/contracts/contact';
import type { Database } from '@ipatient/db';
import { presentUser, type UserRow } from '../../lib/present-user.ts';
import { auditSentence } from '../../plugins/audit-sentences.ts';
import { AppError } from '../../plugins/errors.ts';
import * as repository from './admin.repository.ts';

const meta = (page: number, limit: number, total: number) => ({ page, limit, total });

function presentAudit(row: repository.AuditRow): TAuditEntry {
  return {
    _id: row.id,
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: row.summary,
    before: row.before,
    after: row.after,
    requestId: row.requestId,
    createdAt: row.createdAt.toISOString(),
    sentence: auditSentence(row),
  };
}

export async function listAudit(db: Database, query: TAuditListQuery) {
  const { rows, total } = await repository.listAudit(db, query);
  return { results: rows.map(presentAudit), meta: meta(query.page, query.limit, total) };
}

export function listAuditEntityTypes(db: Database): Promise<string[]> {
  return repository.listAuditEntityTypes(db);
}

export function dashboard(db: Database): Promise<TAdminDashboard> {
  return repository.dashboardCounts(db, adminLimits.dueSoonDays);
}

export async function listUsers(db: Database, query: TAdminUserListQuery) {
  const { rows, total } = await repository.listUsers(db, {
    ...query,
    searchPhone: query.search ? normalizeContactPhone(query.search) : undefined,
  });
  return { results: rows.map(presentAdminUser), meta: meta(query.page, query.limit, total) };
}

/** A user as the admin console sees them: the profile and the suspension, if any. */
export function presentAdminUser(row: UserRow): TAdminUser {
  return {
    ...presentUser(row),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspendedReason: row.suspendedReason,
  };
}

/**
 * What the audit log keeps of a user before an admin changes them: enough to name them in the
 * log's sentence and to show what changed.
 */
export async function userAuditState(db: Database, id: string) {
  const row = await repository.findUser(db, id);
  return row
    ? {
        _id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        role: row.role,
        isAdvocate: row.isAdvocate,
        suspendedAt: row.suspendedAt?.toISOString() ?? null,
        suspendedReason: row.suspendedReason,
      }
    : null;
}

/**
 * Grants or removes the admin role. Facility accounts keep theirs; an admin cannot demote
 * themselves, and the last admin cannot be demoted (admin rows are locked, so two admins
 * demoting each other at once cannot both succeed).
 */
export async function setUserRole(
  db: Database,
  actor: UserRow,
  id: string,
  input: TUserRoleRequest,
) {
  return db.transaction(async (tx) => {
    // Admin rows first, always in the same order: no deadlock between two admins at once.
    const admins = await repository.lockAdmins(tx);
    const target = await repository.lockUser(tx, id);
    if (!target) throw AppError.notFound('User');
    if (target.role === 'facility') throw new AppError('CONFLICT', adminUserTexts.facilityRole);
    if (target.suspendedAt && input.role === 'admin') {
      throw new AppError('CONFLICT', adminUserTexts.suspendedAdmin);
    }
    if (target.role === 'admin' && input.role !== 'admin') {
      if (target.id === actor.id) throw new AppError('CONFLICT', adminUserTexts.ownAdminRole);
      if (!admins.some((adminId) => adminId !== target.id)) {
        throw new AppError('CONFLICT', adminUserTexts.lastAdmin);
      }
    }
    // The actor may have lost the role since the request was let in (another admin's change).
    if (!admins.includes(actor.id)) {
      throw new AppError('FORBIDDEN', 'Only administrators can do this.');
    }
    if (target.role === input.role) return presentAdminUser(target);
    const updated = await repository.updateUser(tx, id, { role: input.role });
    if (!updated) throw AppError.notFound('User');
    return presentAdminUser(updated);
  });
}

export async function setUserAdvocate(db: Database, id: string, isAdvocate: boolean) {
  const updated = await repository.updateUser(db, id, { isAdvocate });
  if (!updated) throw AppError.notFound('User');
  return presentAdminUser(updated);
}

/**
 * Suspends an account: it is signed out everywhere at once (every session revoked in the same
 * transaction), cannot sign in, and gets no password reset code. What it published stays until
 * removed on its own. Admins cannot be suspended (nor suspend themselves), so no admin can lock
 * the others out; the last admin is therefore never suspended either. Suspending again keeps
 * the first date and takes the new reason.
 */
export async function suspendUser(db: Database, actor: UserRow, id: string, reason: string) {
  return db.transaction(async (tx) => {
    const target = await repository.lockUser(tx, id);
    if (!target) throw AppError.notFound('User');
    if (target.id === actor.id) throw new AppError('CONFLICT', adminUserTexts.ownSuspension);
    if (target.role === 'admin') throw new AppError('CONFLICT', adminUserTexts.adminSuspension);
    const updated = await repository.updateUser(tx, id, {
      suspendedAt: target.suspendedAt ?? new Date(),
      suspendedReason: reason,
    });
    if (!updated) throw AppError.notFound('User');
    await repository.revokeAllSessions(tx, id, 'suspended');
    return presentAdminUser(updated);
  });
}

/** Lifts a suspension: the account can sign in again (its old sessions stay ended). */
export async function unsuspendUser(db: Database, id: string) {
  const updated = await repository.updateUser(db, id, { suspendedAt: null, suspendedReason: null });
  if (!updated) throw AppError.notFound('User');
  return presentAdminUser(updated);
}

function presentContactMessage(row: repository.ContactMessageRow): TContactMessage {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    message: row.message,
    handled: row.handledAt !== null,
    handledAt: row.handledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listContactMessages(db: Database, query: TContactMessageListQuery) {
  const { rows, total } = await repository.listContactMessages(db, query);
  return { results: rows.map(presentContactMessage), meta: meta(query.page, query.limit, total) };
}

/** What the audit log keeps of a contact message before it is marked handled or new. */
export async function contactMessageAuditState(db: Database, id: string) {
  const row = await repository.findContactMessage(db, id);
  return row ? { _id: row.id, handledAt: row.handledAt?.toISOString() ?? null } : null;
}

export async function setContactMessageHandled(db: Database, id: string, handled: boolean) {
  const row = await repository.setContactMessageHandled(db, id, handled);
  if (!row) throw AppError.notFound('Message');
  return presentContactMessage(row);
}
