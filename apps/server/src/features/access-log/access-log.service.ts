import type { TAccessLogEntry, TAccessLogQuery } from '@ipatient/contracts/access-log';
import type { Database } from '@ipatient/db';
import * as repository from './access-log.repository.ts';

/** The record's admin page, when it has one. */
function hrefOf(row: repository.AccessLogRow): string | null {
  if (row.subject_type === 'complaint') {
    return `/admin/complaints/${encodeURIComponent(row.subject_id)}`;
  }
  if (row.subject_type === 'campaign_document' && row.campaign_id) {
    return `/admin/campaigns/${encodeURIComponent(row.campaign_id)}`;
  }
  return null;
}

function present(row: repository.AccessLogRow): TAccessLogEntry {
  return {
    _id: row.id,
    actorId: row.actor_id,
    actorName: row.actor_name,
    actorRole: row.actor_role,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    action: row.action,
    requestId: row.request_id,
    createdAt: new Date(row.created_at).toISOString(),
    href: hrefOf(row),
  };
}

/** A page of the access log for an admin, newest first. */
export async function listAccessLog(db: Database, query: TAccessLogQuery) {
  const { rows, total } = await repository.listAccessLog(db, query);
  return {
    results: rows.map(present),
    meta: { page: query.page, limit: query.limit, total },
  };
}
