import { retention } from '@ipatient/contracts/retention';
import type { Database } from '@ipatient/db';
import {
  purgeAbandonedDonations,
  purgeAccessLog,
  purgeCodes,
  purgeEndedSessions,
  purgePendingSignUps,
  purgeSentMessages,
} from './retention.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many rows each purge deleted or cleared. */
export interface RetentionResult {
  codes: number;
  pendingSignUps: number;
  endedSessions: number;
  abandonedDonations: number;
  sentMessages: number;
  accessLog: number;
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * Deletes what the site no longer needs, by the periods in `retention`. Every statement is
 * idempotent and bounded, so any instance may run it at any time.
 */
export async function purgeExpiredData(deps: {
  db: Database;
  now?: () => Date;
}): Promise<RetentionResult> {
  const now = deps.now?.() ?? new Date();
  const { db } = deps;
  return {
    codes: await purgeCodes(db, daysBefore(now, retention.codesDays)),
    pendingSignUps: await purgePendingSignUps(db, daysBefore(now, retention.pendingSignUpsDays)),
    endedSessions: await purgeEndedSessions(db, daysBefore(now, retention.endedSessionsDays)),
    abandonedDonations: await purgeAbandonedDonations(
      db,
      daysBefore(now, retention.abandonedDonationsDays),
    ),
    sentMessages: await purgeSentMessages(db, daysBefore(now, retention.sentMessagesDays)),
    accessLog: await purgeAccessLog(db, daysBefore(now, retention.accessLogDays)),
  };
}
