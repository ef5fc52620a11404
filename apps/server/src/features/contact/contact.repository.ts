import {
  type ContactDetails,
  contactMessages,
  type Executor,
  siteDocuments,
  sql,
} from '@ipatient/db';

export type ContactMessageInsert = typeof contactMessages.$inferInsert;

export async function insertContactMessage(
  executor: Executor,
  values: ContactMessageInsert,
): Promise<{ id: string }> {
  const [row] = await executor
    .insert(contactMessages)
    .values(values)
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The contact details of the site documents, if they exist. */
export async function findSiteContact(executor: Executor): Promise<ContactDetails | undefined> {
  const [row] = await executor
    .select({ contactUs: siteDocuments.contactUs })
    .from(siteDocuments)
    .limit(1);
  return row?.contactUs;
}

/** Serialises the messages of one network address until the transaction ends. */
export async function lockSender(executor: Executor, address: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact-us:${address}`}))`);
}
