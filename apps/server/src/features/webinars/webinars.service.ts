import {
  findWebinar,
  type TWebinarRegistration,
  type TWebinarRegistrationListQuery,
  type TWebinarRegistrationRequest,
  webinarLimits,
  webinarRegistrationTexts,
} from '@ipatient/contracts/webinars';
import type { Database } from '@ipatient/db';
import type { OutboxMailer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import { assertWithinLimit, type Limit, recordEvent } from '../../plugins/rate-limits.ts';
import { webinarRegistrationEmail } from './webinars.email.ts';
import * as repository from './webinars.repository.ts';

export interface WebinarDeps {
  db: Database;
  mail: OutboxMailer;
  /** The web app's public address, for the link in the email. */
  publicUrl: string;
}

export const registrationLimit: Limit = {
  bucket: 'webinar-registrations',
  max: webinarLimits.perAddressPerHour,
  windowSeconds: 60 * 60,
  message:
    'You have made several webinar registrations in the last hour. Please try again in {wait}.',
};

export type RegistrationOutcome = 'registered' | 'already-registered';

/**
 * Registers for a sample webinar and queues the confirmation email in one transaction. An email
 * already registered for the webinar changes nothing (and gets no second email).
 */
export async function register(
  deps: WebinarDeps,
  webinarId: string,
  input: TWebinarRegistrationRequest,
  address: string,
  userId: string | undefined,
): Promise<RegistrationOutcome> {
  const webinar = findWebinar(webinarId);
  if (!webinar) throw AppError.notFound('Webinar');
  await assertWithinLimit(deps.db, registrationLimit, address);
  const outcome = await deps.db.transaction(async (tx) => {
    // Counted again under a per-address lock: registrations sent at once cannot all pass.
    await repository.lockSender(tx, address);
    await assertWithinLimit(tx, registrationLimit, address);
    const stored = await repository.insertRegistration(tx, {
      webinarId: webinar.id,
      ...input,
      userId: userId ?? null,
    });
    if (!stored) return 'already-registered' as const;
    const url = `${deps.publicUrl}/webinars/${encodeURIComponent(webinar.id)}`;
    await deps.mail.enqueue(tx, {
      to: input.email,
      ...webinarRegistrationEmail({ webinar, url }),
    });
    await recordEvent(tx, registrationLimit.bucket, address);
    return 'registered' as const;
  });
  if (outcome === 'registered') deps.mail.kick();
  return outcome;
}

export function outcomeMessage(outcome: RegistrationOutcome): string {
  return outcome === 'registered'
    ? webinarRegistrationTexts.registered
    : webinarRegistrationTexts.alreadyRegistered;
}

/** Admins: registrations, newest first, optionally of one webinar. */
export async function listRegistrations(
  db: Database,
  query: TWebinarRegistrationListQuery,
): Promise<{
  results: TWebinarRegistration[];
  meta: { page: number; limit: number; total: number };
}> {
  const { rows, total } = await repository.listRegistrations(db, query);
  return {
    results: rows.map((row) => ({
      id: row.id,
      webinarId: row.webinarId,
      webinarTitle: findWebinar(row.webinarId)?.title ?? row.webinarId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      userId: row.userId,
      createdAt: row.createdAt.toISOString(),
    })),
    meta: { page: query.page, limit: query.limit, total },
  };
}
