import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export interface ContactDetails {
  email: string;
  phone: string;
  address: string;
}

export interface SocialMediaLinks {
  facebook?: string;
  x?: string;
  instagram?: string;
  linkedin?: string;
  youtube?: string;
}

/**
 * Claims and figures the site shows that an operator must be able to make true (the home page's
 * trust line, the about page's timeline figures, the awards' years and categories). Each part is
 * optional: a part not set shows the seeded text.
 */
export interface SiteContentSettings {
  [part: string]: unknown;
}

/** The site's documents (terms, about us, contact details, social links): one row. */
export const siteDocuments = pgTable(
  'site_documents',
  {
    id: integer('id').primaryKey().default(1),
    termsContent: text('terms_content').notNull().default(''),
    termsUpdatedAt: timestamp('terms_updated_at', { withTimezone: true }).notNull().defaultNow(),
    aboutUs: text('about_us').notNull().default(''),
    contactUs: jsonb('contact_us').$type<ContactDetails>().notNull(),
    socialMedia: jsonb('social_media').$type<SocialMediaLinks>().notNull().default({}),
    siteContent: jsonb('site_content').$type<SiteContentSettings>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_documents_single_row', sql`${t.id} = 1`)],
);
