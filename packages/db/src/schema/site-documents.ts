import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export interface ContactDetails {
  email: string;
  /** '' when the site publishes no phone number. */
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
 * trust line, the about page's timeline figures, the awards' years and categories, the demo
 * notice). Each part is optional: a part not set shows the launch text. Stored as admins saved
 * it (validated by the API's schema on write, and again when read).
 */
export interface SiteContentSettings {
  heroTrustLine?: string;
  timeline?: {
    year: string;
    label: string;
    items: { figure: string; text: string }[];
  }[];
  awards?: {
    year: number;
    categories: { name: string; awards: { title: string; description: string }[] }[];
  };
  demoNotice?: boolean;
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
