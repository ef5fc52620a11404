import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredImageSize } from './campaigns.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const blogStatuses = ['draft', 'published'] as const;
export type BlogStatus = (typeof blogStatuses)[number];

export const podcastSources = ['youtube', 'spotify', 'apple', 'other'] as const;
export type PodcastSource = (typeof podcastSources)[number];

export interface PodcastChannel {
  source: PodcastSource;
  /** The link as the editor gave it; the embed address is worked out when shown. */
  link: string;
}

/** Blog categories ("hub categories"): names are unique whatever their case. */
export const blogCategories = pgTable(
  'blog_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blog_categories_name_unique').on(sql`lower(${t.name})`)],
);

/** Who a post is published as; at most one is the default for new posts. */
export const blogAuthors = pgTable(
  'blog_authors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    /** Storage key of the author's photo. */
    image: text('image'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blog_authors_one_default').on(t.isDefault).where(sql`${t.isDefault}`)],
);

/**
 * A blog post. `content` is sanitized HTML (sanitized on write); `content_text` is its plain
 * text, kept for search and reading time. Counts are kept in the same transaction as the rows.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Begins with "/", unique: `/blog{urlSlug}` is the post's address. */
    urlSlug: text('url_slug').notNull(),
    categoryId: uuid('category_id').references(() => blogCategories.id, {
      onDelete: 'restrict',
    }),
    authorId: uuid('author_id').references(() => blogAuthors.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    contentText: text('content_text').notNull(),
    excerpt: text('excerpt').notNull(),
    status: text('status').$type<BlogStatus>().notNull().default('draft'),
    titleImage: text('title_image'),
    titleImageSizes: jsonb('title_image_sizes').$type<StoredImageSize[]>().notNull().default([]),
    bodyImage: text('body_image'),
    bodyImageSizes: jsonb('body_image_sizes').$type<StoredImageSize[]>().notNull().default([]),
    /** Publication date shown on the post; set when first published. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, ${blogPosts.title} || ' ' || ${blogPosts.excerpt} || ' ' || ${blogPosts.contentText})`,
      ),
  },
  (t) => [
    uniqueIndex('blog_posts_url_slug_unique').on(t.urlSlug),
    check('blog_posts_status_known', sql`${t.status} in ('draft', 'published')`),
    check('blog_posts_url_slug_form', sql`${t.urlSlug} ~ '^/[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('blog_posts_counts_not_negative', sql`${t.likesCount} >= 0 and ${t.commentsCount} >= 0`),
    index('blog_posts_published')
      .on(t.publishedAt.desc(), t.id)
      .where(sql`${t.status} = 'published'`),
    index('blog_posts_category_published')
      .on(t.categoryId, t.publishedAt.desc())
      .where(sql`${t.status} = 'published'`),
    index('blog_posts_search').using('gin', t.search).where(sql`${t.status} = 'published'`),
  ],
);

/** A comment on a post, or a reply to a comment of the same post (`parent_id`). */
export const blogComments = pgTable(
  'blog_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => blogComments.id, {
      onDelete: 'cascade',
    }),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_comments_post').on(t.postId, t.createdAt),
    index('blog_comments_parent').on(t.parentId),
    check('blog_comments_length', sql`char_length(${t.comment}) between 1 and 2000`),
  ],
);

/** One like per user per post. */
export const blogLikes = pgTable(
  'blog_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'blog_likes_pk', columns: [t.postId, t.userId] }),
    index('blog_likes_user').on(t.userId),
  ],
);

export const podcastCategories = pgTable(
  'podcast_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('podcast_categories_name_unique').on(sql`lower(${t.name})`)],
);

/** A podcast episode; `summary` is sanitized HTML. */
export const podcastEpisodes = pgTable(
  'podcast_episodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    number: integer('number').notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    /** Length in whole minutes. */
    durationMinutes: integer('duration_minutes').notNull(),
    summary: text('summary').notNull(),
    summaryText: text('summary_text').notNull(),
    categoryId: uuid('category_id').references(() => podcastCategories.id, {
      onDelete: 'restrict',
    }),
    channels: jsonb('channels').$type<PodcastChannel[]>().notNull().default([]),
    producedBy: text('produced_by').notNull(),
    image: text('image'),
    imageSizes: jsonb('image_sizes').$type<StoredImageSize[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('podcast_episodes_number_unique').on(t.number),
    check('podcast_episodes_number_positive', sql`${t.number} > 0`),
    check('podcast_episodes_duration_positive', sql`${t.durationMinutes} > 0`),
    index('podcast_episodes_released').on(t.releaseDate.desc(), t.id),
    index('podcast_episodes_category').on(t.categoryId, t.releaseDate.desc()),
  ],
);

/** A message sent with the contact form; also emailed to the site's contact address. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    /** Set when someone of the team has dealt with it (the admin inbox). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created').on(t.createdAt.desc())],
);
