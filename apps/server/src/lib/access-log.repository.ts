import { accessLog, type Executor } from '@ipatient/db';
import type { AccessEntry } from './access-log.ts';

/**
 * Records that someone opened a private record (the access log beside the audit log), in the
 * caller's transaction or on its own. Cheap: one narrow insert.
 */
export async function recordAccess(executor: Executor, entry: AccessEntry): Promise<void> {
  await recordAccesses(executor, [entry]);
}

/** Several entries in one insert (a list of documents, each given a link). */
export async function recordAccesses(executor: Executor, entries: AccessEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await executor.insert(accessLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId ?? null,
      actorRole: entry.actorRole,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      ownerId: entry.ownerId ?? null,
      action: entry.action,
      requestId: entry.requestId ?? null,
    })),
  );
}
