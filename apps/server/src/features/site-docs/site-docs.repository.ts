import {
  appMeta,
  type ContactDetails,
  type Executor,
  eq,
  type SiteContentSettings,
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

export interface StoredSiteDocuments extends SiteDocumentsRow {
  siteContent: SiteContentSettings;
}

export async function findSiteDocuments(db: Executor): Promise<StoredSiteDocuments | undefined> {
  const [row] = await db.select().from(siteDocuments).limit(1);
  return row;
}

/** The stored site content; undefined before any documents exist. */
export async function findSiteContent(db: Executor): Promise<SiteContentSettings | undefined> {
  const [row] = await db
    .select({ siteContent: siteDocuments.siteContent })
    .from(siteDocuments)
    .limit(1);
  return row?.siteContent;
}

/** Replaces the stored site content; false when there are no documents yet. */
export async function saveSiteContent(
  db: Executor,
  siteContent: SiteContentSettings,
): Promise<boolean> {
  const rows = await db
    .update(siteDocuments)
    .set({ siteContent, updatedAt: new Date() })
    .returning({ id: siteDocuments.id });
  return rows.length > 0;
}

/** Whether this database was filled with demo content on its first start. */
export async function isDemoInstallation(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, 'installation'));
  return (row?.value as { demoContent?: unknown } | undefined)?.demoContent === true;
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
