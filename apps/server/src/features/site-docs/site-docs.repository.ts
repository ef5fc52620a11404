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
