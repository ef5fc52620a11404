import type { TSiteDocuments } from '@ipatient/contracts';
import type { Executor } from '@ipatient/db';
import { AppError } from '../../plugins/errors.ts';
import * as repository from './site-docs.repository.ts';

export async function getSiteDocuments(db: Executor): Promise<TSiteDocuments> {
  const row = await repository.findSiteDocuments(db);
  if (!row) throw AppError.notFound('Website documents');
  return {
    termsAndCondition: { content: row.termsContent, dateUpdated: row.termsUpdatedAt.toISOString() },
    aboutUs: row.aboutUs,
    contactUs: row.contactUs,
    socialMedia: row.socialMedia,
  };
}

export interface SiteDocumentsInput {
  termsAndCondition: string;
  aboutUs: string;
  contactUs: TSiteDocuments['contactUs'];
  socialMedia: TSiteDocuments['socialMedia'];
}

export async function saveSiteDocuments(db: Executor, input: SiteDocumentsInput): Promise<void> {
  await repository.saveSiteDocuments(db, {
    termsContent: input.termsAndCondition,
    termsUpdatedAt: new Date(),
    aboutUs: input.aboutUs,
    contactUs: input.contactUs,
    socialMedia: input.socialMedia,
  });
}
