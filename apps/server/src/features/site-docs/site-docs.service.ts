import type { TSiteDocuments } from '@ipatient/contracts';
import {
  resolveSiteContent,
  type TSiteContent,
  type TSiteContentRequest,
} from '@ipatient/contracts/site-content';
import type { TSiteDocsCreateRequest, TSiteDocsUpdateRequest } from '@ipatient/contracts/site-docs';
import type { Executor, SiteContentSettings, SocialMediaLinks } from '@ipatient/db';
import { htmlToText, sanitizeRichText } from '../../lib/sanitize-html.ts';
import { AppError } from '../../plugins/errors.ts';
import * as repository from './site-docs.repository.ts';

export async function getSiteDocuments(db: Executor): Promise<TSiteDocuments> {
  const [row, demo] = await Promise.all([
    repository.findSiteDocuments(db),
    repository.isDemoInstallation(db),
  ]);
  if (!row) throw AppError.notFound('Website documents');
  return {
    termsAndCondition: { content: row.termsContent, dateUpdated: row.termsUpdatedAt.toISOString() },
    aboutUs: row.aboutUs,
    // Documents stored before the phone became optional may hold none at all.
    contactUs: { ...row.contactUs, phone: row.contactUs.phone ?? '' },
    socialMedia: row.socialMedia,
    siteContent: resolveSiteContent(row.siteContent, demo),
  };
}

const NO_DOCUMENTS =
  'Website documents not found. Create them first with POST /create-dedocs (Site documents in the admin console).';

/** The site content as pages show it; 404 before any documents exist. */
export async function getSiteContent(db: Executor): Promise<TSiteContent> {
  const [stored, demo] = await Promise.all([
    repository.findSiteContent(db),
    repository.isDemoInstallation(db),
  ]);
  if (stored === undefined) throw new AppError('NOT_FOUND', NO_DOCUMENTS);
  return resolveSiteContent(stored, demo);
}

/** The stored site content for the audit log's "before" (only the parts ever saved). */
export async function siteContentAuditSummary(db: Executor) {
  return (await repository.findSiteContent(db)) ?? null;
}

/** Replaces the parts of the site content that are sent; the others keep what is stored. */
export async function updateSiteContent(
  db: Executor,
  input: TSiteContentRequest,
): Promise<TSiteContent> {
  const stored = await repository.findSiteContent(db);
  if (stored === undefined) throw new AppError('NOT_FOUND', NO_DOCUMENTS);
  const next: SiteContentSettings = { ...stored };
  if (input.heroTrustLine !== undefined) next.heroTrustLine = input.heroTrustLine;
  if (input.timeline !== undefined) next.timeline = input.timeline;
  if (input.awards !== undefined) next.awards = input.awards;
  if (input.demoNotice !== undefined) next.demoNotice = input.demoNotice;
  await repository.saveSiteContent(db, next);
  return getSiteContent(db);
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

/** Sanitized HTML of a document; one that is only markup (or only a script) is refused. */
function cleanHtml(field: 'termsAndCondition' | 'aboutUs', html: string): string {
  const clean = sanitizeRichText(html);
  if (!htmlToText(clean).trim()) {
    const text =
      field === 'termsAndCondition'
        ? 'The terms and conditions need some text'
        : 'The about us text needs some text';
    throw new AppError('VALIDATION', text, { errors: { [field]: text } });
  }
  return clean;
}

/** Only the links that are set are kept (a blank field removes its link). */
function links(socialMedia: Partial<Record<keyof SocialMediaLinks, string | undefined>>) {
  return Object.fromEntries(
    Object.entries(socialMedia).filter(([, link]) => typeof link === 'string' && link !== ''),
  ) as SocialMediaLinks;
}

/** The first version of the documents; 409 when they exist (change them with an update). */
export async function createSiteDocuments(
  db: Executor,
  input: TSiteDocsCreateRequest,
): Promise<TSiteDocuments> {
  const created = await repository.insertSiteDocuments(db, {
    termsContent: cleanHtml('termsAndCondition', input.termsAndCondition),
    termsUpdatedAt: new Date(),
    aboutUs: cleanHtml('aboutUs', input.aboutUs),
    contactUs: input.contactUs,
    socialMedia: links(input.socialMedia),
  });
  if (!created) {
    throw new AppError(
      'CONFLICT',
      'The website documents exist already. Use PUT /update-dedocs to change them.',
    );
  }
  return getSiteDocuments(db);
}

const AUDIT_TEXT_MAX = 300;

/**
 * The documents as the audit log keeps them before a change: the long HTML documents as short
 * plain text, the contact details and links whole. Null before any documents exist.
 */
export async function auditSummary(db: Executor) {
  const row = await repository.findSiteDocuments(db);
  if (!row) return null;
  return {
    termsAndCondition: {
      text: htmlToText(row.termsContent).trim().slice(0, AUDIT_TEXT_MAX),
      dateUpdated: row.termsUpdatedAt.toISOString(),
    },
    aboutUs: htmlToText(row.aboutUs).trim().slice(0, AUDIT_TEXT_MAX),
    contactUs: row.contactUs,
    socialMedia: row.socialMedia,
  };
}

/**
 * Replaces the documents sent. Terms that differ from the stored ones move their "updated" date;
 * the same terms sent again (a form that saves every document at once) keep it.
 */
export async function updateSiteDocuments(
  db: Executor,
  input: TSiteDocsUpdateRequest,
): Promise<TSiteDocuments> {
  const changes: Partial<repository.SiteDocumentsRow> = {};
  if (input.termsAndCondition !== undefined) {
    const terms = cleanHtml('termsAndCondition', input.termsAndCondition);
    const stored = await repository.findSiteDocuments(db);
    if (stored?.termsContent !== terms) {
      changes.termsContent = terms;
      changes.termsUpdatedAt = new Date();
    }
  }
  if (input.aboutUs !== undefined) changes.aboutUs = cleanHtml('aboutUs', input.aboutUs);
  if (input.contactUs !== undefined) changes.contactUs = input.contactUs;
  if (input.socialMedia !== undefined) changes.socialMedia = links(input.socialMedia);
  if (!(await repository.updateSiteDocuments(db, changes)))
    throw new AppError('NOT_FOUND', NO_DOCUMENTS);
  return getSiteDocuments(db);
}
