import {
  accessActionLabels,
  accessSubjectLabels,
  accessSubjectTypes,
  type TAccessLogEntry,
} from '@ipatient/contracts/access-log';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function text(params: URLSearchParams, name: string, max: number): string {
  return (params.get(name) ?? '').trim().slice(0, max);
}

/**
 * The filters of the access log, from the page's address: an unknown record type, a malformed
 * date or id is left out (the API would refuse it).
 */
export function readAccessLogFilters(params: URLSearchParams) {
  const subjectType = text(params, 'subjectType', 40);
  const id = (name: string) => {
    const value = text(params, name, 60);
    return UUID.test(value) ? value : '';
  };
  const date = (name: string) => {
    const value = text(params, name, 10);
    return DATE.test(value) ? value : '';
  };
  return {
    subjectType: (accessSubjectTypes as readonly string[]).includes(subjectType) ? subjectType : '',
    subjectId: text(params, 'subjectId', 200),
    actorId: id('actorId'),
    ownerId: id('ownerId'),
    from: date('from'),
    to: date('to'),
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
