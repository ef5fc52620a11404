import { accessLog, type Executor } from '@ipatient/db';

/** What kind of private record was opened. */
export type AccessSubject =
  | 'campaign_document'
  | 'complaint'
  | 'complaint_document'
  | 'facility_document'
  | 'data_export';

export interface AccessEntry {
  /** Who opened it (undefined for a signed link used without a session). */
  actorId: string | undefined;
  /** The actor's role at the time: `member`, `facility`, `admin` or `advocate`. */
  actorRole: string;
  subjectType: AccessSubject;
  subjectId: string;
  /** Whose data it is, when known. */
  ownerId?: string | null;
  action: 'view' | 'download' | 'list';
  requestId?: string;
}

/**
 * Records that someone opened a private record (the access log beside the audit log), in the
 * caller's transaction or on its own. Cheap: one narrow insert.
 */
export async function recordAccess(executor: Executor, entry: AccessEntry): Promise<void> {
  await executor.insert(accessLog).values({
    actorId: entry.actorId ?? null,
    actorRole: entry.actorRole,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    ownerId: entry.ownerId ?? null,
    action: entry.action,
    requestId: entry.requestId ?? null,
  });
}
