import {
  accessActionLabels,
  accessSubjectLabels,
  accessSubjectTypes,
  type TAccessLogEntry,
} from '@ipatient/contracts/access-log';
import { queryText, readDateRange } from '../../lib/query-params.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The filters of the access log, from the page's address: an unknown record type, a malformed
 * date or id is left out (the API would refuse it).
 */
export function readAccessLogFilters(params: URLSearchParams) {
  const subjectType = queryText(params, 'subjectType', 40);
  const id = (name: string) => {
    const value = queryText(params, name, 60);
    return UUID.test(value) ? value : '';
  };
  return {
    subjectType: (accessSubjectTypes as readonly string[]).includes(subjectType) ? subjectType : '',
    subjectId: queryText(params, 'subjectId', 200),
    actorId: id('actorId'),
    ownerId: id('ownerId'),
    ...readDateRange(params),
  };
}

export type AccessLogFilters = ReturnType<typeof readAccessLogFilters>;

/** "campaign_document" → "Campaign document" (an unknown kind as it is). */
export function subjectLabel(type: string): string {
  return accessSubjectLabels[type as keyof typeof accessSubjectLabels] ?? type;
}

/** "view" → "Opened". */
export function actionLabel(action: string): string {
  return accessActionLabels[action as keyof typeof accessActionLabels] ?? action;
}

/** "link" → "Signed link", else the role with a capital. */
export function roleLabel(role: string): string {
  if (role === 'link') return 'Signed link';
  return role ? `${role.charAt(0).toUpperCase()}${role.slice(1)}` : role;
}

export type AccessLogRow = TAccessLogEntry;
