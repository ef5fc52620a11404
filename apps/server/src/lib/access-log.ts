import type { AccessAction, AccessSubjectType } from '@ipatient/contracts/access-log';

/** What kind of private record was opened (the kinds the admin page filters by). */
export type AccessSubject = AccessSubjectType;

export interface AccessEntry {
  /** Who opened it (undefined for a signed link used without a session). */
  actorId: string | undefined;
  /** The actor's role at the time: `member`, `facility`, `admin` or `advocate`. */
  actorRole: string;
  subjectType: AccessSubject;
  subjectId: string;
  /** Whose data it is, when known. */
  ownerId?: string | null;
  action: AccessAction;
  requestId?: string;
}

// The inserts live in the repository (only repositories touch the ORM).
export { recordAccess, recordAccesses } from './access-log.repository.ts';

/** The role recorded for a user: an advocate member is recorded as `advocate`. */
export function actorRoleOf(user: { role: string; isAdvocate?: boolean } | undefined): string {
  if (!user) return 'link';
  return user.role === 'member' && user.isAdvocate ? 'advocate' : user.role;
}
