import { brand } from '@ipatient/contracts/brand';
import { contactLimits, type TContactRequest } from '@ipatient/contracts/contact';
import type { Database } from '@ipatient/db';
import type { OutboxMailer } from '../../lib/service-deps.ts';
import { contactMessageEmail } from '../../plugins/mail/email-templates.ts';
import { assertWithinLimit, type Limit, recordEvent } from '../../plugins/rate-limits.ts';
import * as repository from './contact.repository.ts';

export interface ContactDeps {
  db: Database;
  mail: OutboxMailer;
}

export const contactLimit: Limit = {
  bucket: 'contact-us',
  max: contactLimits.perAddressPerHour,
  windowSeconds: 60 * 60,
  message: 'You have sent several messages in the last hour. Please try again in {wait}.',
};

/**
 * Stores the message and queues it by email to the site's contact address (the one in the
 * website documents, else the brand's), in one transaction: both happen or neither.
 */
export async function sendContactMessage(
  deps: ContactDeps,
  input: TContactRequest,
  address: string,
): Promise<void> {
  await assertWithinLimit(deps.db, contactLimit, address);
  await deps.db.transaction(async (tx) => {
    // Counted again under a per-address lock: messages sent at once cannot all pass.
    await repository.lockSender(tx, address);
    await assertWithinLimit(tx, contactLimit, address);
    const stored = await repository.insertContactMessage(tx, input);
    const to = (await repository.findSiteContact(tx))?.email || brand.contactEmail;
    await deps.mail.enqueue(tx, { to, ...contactMessageEmail({ ...input, id: stored.id }) });
    await recordEvent(tx, contactLimit.bucket, address);
  });
  deps.mail.kick();
}
