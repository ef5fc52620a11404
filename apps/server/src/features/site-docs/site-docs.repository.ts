import {
  type ContactDetails,
  type Executor,
  type SocialMediaLinks,
  siteDocuments,
} from '@ipatient/db';

export interface SiteDocumentsRow {
  termsContent: string;
  termsUpdatedAt: Date;
  aboutUs: string;
  contactUs: ContactDetails;
  socialMedia: SocialMediaLinks;
}

export async function findSiteDocuments(db: Executor): Promise<SiteDocumentsRow | undefined> {
  const [row] = await db.select().from(siteDocuments).limit(1);
  return row;
}

/** Creates the documents row or replaces it. */
export async function saveSiteDocuments(db: Executor, documents: SiteDocumentsRow): Promise<void> {
  await db
    .insert(siteDocuments)
    .values({ id: 1, ...documents })
    .onConflictDoUpdate({ target: siteDocuments.id, set: { ...documents, updatedAt: new Date() } });
}

/** Creates the documents row; false when it exists already. */
export async function insertSiteDocuments(
  db: Executor,
  documents: SiteDocumentsRow,
): Promise<boolean> {
  const rows = await db
    .insert(siteDocuments)
    .values({ id: 1, ...documents })
    .onConflictDoNothing({ target: siteDocuments.id })
    .returning({ id: siteDocuments.id });
  return rows.length > 0;
}

/** Changes the given documents; false when there are none yet. */
export async function updateSiteDocuments(
  db: Executor,
  changes: Partial<SiteDocumentsRow>,
): Promise<boolean> {
  const rows = await db
    .update(siteDocuments)
    .set({ ...changes, updatedAt: new Date() })
    .returning({ id: siteDocuments.id });
  return rows.length > 0;
}
