import { type Executor, type SQL, sql } from '@ipatient/db';

export interface AccessLogFilters {
  page: number;
  limit: number;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  actorId?: string | undefined;
  ownerId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export type AccessLogRow = {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string;
  subject_type: string;
  subject_id: string;
  owner_id: string | null;
  owner_name: string | null;
  action: string;
  request_id: string | null;
  created_at: Date;
  /** The campaign of a campaign document, for the link to its admin page. */
  campaign_id: string | null;
};

/** A page of access-log entries, newest first, with the people's names and the number that match. */
export async function listAccessLog(
  executor: Executor,
  filters: AccessLogFilters,
): Promise<{ rows: AccessLogRow[]; total: number }> {
  const conditions: SQL[] = [
    filters.subjectType ? sql`a.subject_type = ${filters.subjectType}` : undefined,
    filters.subjectId ? sql`a.subject_id = ${filters.subjectId}` : undefined,
    filters.actorId ? sql`a.actor_id = ${filters.actorId}` : undefined,
    filters.ownerId ? sql`a.owner_id = ${filters.ownerId}` : undefined,
    filters.from ? sql`a.created_at >= ${filters.from}` : undefined,
    filters.to ? sql`a.created_at <= ${filters.to}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
  const [rows, counted] = await Promise.all([
    executor.execute<AccessLogRow>(sql`select a.id, a.actor_id, a.actor_role, a.subject_type,
        a.subject_id, a.owner_id, a.action, a.request_id, a.created_at,
        nullif(trim(actor.first_name || ' ' || actor.last_name), '') as actor_name,
        nullif(trim(owner.first_name || ' ' || owner.last_name), '') as owner_name,
        doc.campaign_id
      from access_log a
      left join users actor on actor.id = a.actor_id
      left join users owner on owner.id = a.owner_id
      left join campaign_documents doc
        on a.subject_type = 'campaign_document' and doc.id::text = a.subject_id
      where ${where}
      order by a.created_at desc, a.id desc
      limit ${filters.limit} offset ${(filters.page - 1) * filters.limit}`),
    executor.execute<{ total: number }>(
      sql`select count(*)::int as total from access_log a where ${where}`,
    ),
  ]);
  return { rows: rows.rows, total: counted.rows[0]?.total ?? 0 };
}
