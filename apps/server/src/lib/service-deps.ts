import type { UserRow } from '@ipatient/db';
import type { Mailer } from '../plugins/mail/mail.plugin.ts';
import type { SmsOutbox } from '../plugins/sms/sms.plugin.ts';

/** Who is asking: a signed-in account (its id and role), or a visitor (undefined). */
export type Viewer = Pick<UserRow, 'id' | 'role'> | undefined;

/** What a service needs of the mail outbox: queue in its transaction, then wake the worker. */
export type OutboxMailer = Pick<Mailer, 'enqueue' | 'kick'>;

/** What a service needs of the SMS outbox: queue in its transaction, then wake the worker. */
export type OutboxSms = Pick<SmsOutbox, 'enqueue' | 'enqueueForMember' | 'kick'>;
