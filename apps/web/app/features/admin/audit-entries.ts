import { adminLimits, type TAuditEntry, type TAuditSentence } from '@ipatient/contracts/admin';
import { queryText, readDateRange } from '../../lib/query-params.ts';

/** What the table shows of one entry (the snapshots already as pretty JSON). */
export type AuditRow = Pick<
  TAuditEntry,
  '_id' | 'actorName' | 'action' | 'entityType' | 'entityId' | 'summary' | 'createdAt'
> & { before: string | null; after: string | null; sentence: TAuditSentence };

/** "blog-post" → "Blog post", for the record type filter. */
export function typeLabel(type: string): string {
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : type;
}

function pretty(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

export function toAuditRow(entry: TAuditEntry): AuditRow {
  return {
    _id: entry._id,
    actorName: entry.actorName,
    sentence: entry.sentence,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    createdAt: entry.createdAt,
    before: pretty(entry.before),
    after: pretty(entry.after),
  };
}

/** The filters of the audit log, from the page's address (a malformed date is left out). */
export function readAuditFilters(params: URLSearchParams) {
  return {
    entityType: queryText(params, 'entityType', 60),
    entityId: queryText(params, 'entityId', 200),
    actorId: queryText(params, 'actorId', 60),
    action: queryText(params, 'action', 200),
    search: queryText(params, 'search', adminLimits.searchMax),
    ...readDateRange(params),
  };
}

export type AuditFilters = ReturnType<typeof readAuditFilters>;
