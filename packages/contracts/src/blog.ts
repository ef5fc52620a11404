import { z } from 'zod';
import { blankToUndefined } from './accounts.ts';
import { ZCampaignImageSize } from './campaigns.ts';
import { pageNumberParam, ZDataEnvelope, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';

export const blogPostStatuses = ['draft', 'published'] as const;
export type BlogPostStatus = (typeof blogPostStatuses)[number];

/** Limits of the blog: posts, comments, categories and authors. */
export const blogLimits = {
  titleMin: 5,
  titleMax: 200,
  /** Sanitized HTML, in characters. */
  contentMax: 200_000,
  excerptMax: 300,
  /** A generated excerpt: the content's plain text cut at a word near this length. */
  excerptGenerated: 160,
  slugMax: 80,
  commentMax: 2000,
  categoryNameMin: 2,
  categoryNameMax: 60,
  authorNameMin: 2,
  authorNameMax: 80,
  authorTitleMax: 120,
  searchMax: 100,
  pageDefault: 9,
  pageMax: 50,
  commentsPageDefault: 20,
  /** Reading speed for `readingMinutes`. */
  wordsPerMinute: 200,
} as const;

export const blogErrorTexts = {
  slugTaken: 'This address is already used by another post.',
  categoryNameTaken: 'A category with this name already exists.',
  categoryHasPosts:
    'This category still has posts. Move them to another category before deleting it.',
  categoryMissing: 'Choose an existing category.',
  authorMissing: 'Choose an existing author.',
} as const;

const optionalText = (schema: z.ZodType<string>) =>
  z.preprocess(blankToUndefined, schema.optional());

const ZTitle = z
  .string({ error: 'Title is required' })
  .trim()
  .min(blogLimits.titleMin, { error: `Title must be at least ${blogLimits.titleMin} characters` })
  .max(blogLimits.titleMax, { error: `Title must be at most ${blogLimits.titleMax} characters` });

const ZContent = z.string({ error: 'Content is required' }).max(blogLimits.contentMax, {
  error: `Content must be at most ${blogLimits.contentMax} characters`,
});

const ZStatus = z.enum(blogPostStatuses, {
  error: `status must be one of ${blogPostStatuses.join(', ')}`,
});

const postFields = {
  /** Free text: the server normalises it ("My Post!" → "/my-post"). */
  urlSlug: optionalText(z.string().max(200, { error: 'The address is too long' })),
  category: z.uuid({ error: blogErrorTexts.categoryMissing }),
  /** An author id; without it the default author publishes. */
  publisher: optionalText(z.uuid({ error: blogErrorTexts.authorMissing })),
  excerpt: optionalText(
    z
      .string()
      .trim()
      .max(blogLimits.excerptMax, {
        error: `Excerpt must be at most ${blogLimits.excerptMax} characters`,
      }),
  ),
};

/**
 * POST /post-blog (multipart; `titleImage` and `bodyImage` come as files). `content` is HTML,
 * sanitized by the server; a missing excerpt is made from the content's text.
 */
export const ZBlogPostCreateRequest = z.object({
  title: ZTitle,
  content: ZContent,
  status: z.preprocess(blankToUndefined, ZStatus.default('draft')),
  ...postFields,
  category: z.preprocess(
    (value) => (value === undefined ? '' : value),
    z.uuid({ error: blogErrorTexts.categoryMissing }),
  ),
});
export type TBlogPostCreateRequest = z.infer<typeof ZBlogPostCreateRequest>;

/** PUT /update-blog/{id}: the same fields, each optional. */
export const ZBlogPostUpdateRequest = z.object({
  title: optionalText(ZTitle),
  content: z.preprocess(blankToUndefined, ZContent.optional()),
  status: z.preprocess(blankToUndefined, ZStatus.optional()),
  urlSlug: postFields.urlSlug,
  category: optionalText(z.uuid({ error: blogErrorTexts.categoryMissing })),
  publisher: postFields.publisher,
  excerpt: postFields.excerpt,
});
export type TBlogPostUpdateRequest = z.infer<typeof ZBlogPostUpdateRequest>;

export const blogListStatuses = ['published', 'draft', 'all'] as const;

/** GET /get-blogs: published posts, newest first; drafts (`status`) for admins only. */
export const ZBlogListQuery = z.object({
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', blogLimits.pageDefault, blogLimits.pageMax),
  search: optionalText(
    z
      .string()
      .trim()
      .max(blogLimits.searchMax, {
        error: `Search must be at most ${blogLimits.searchMax} characters`,
      }),
  ),
  category: optionalText(z.uuid({ error: 'category must be a category id' })),
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(blogListStatuses, { error: `status must be one of ${blogListStatuses.join(', ')}` })
      .default('published'),
  ),
});
export type TBlogListQuery = z.infer<typeof ZBlogListQuery>;

export const blogCommentOrders = ['newest', 'oldest'] as const;
export type BlogCommentOrder = (typeof blogCommentOrders)[number];

/** GET /fetch-blog-comments/{id}: top-level comments paginated; replies always come along. */
export const ZBlogCommentsQuery = z.object({
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', blogLimits.commentsPageDefault, blogLimits.pageMax),
  order: z.preprocess(
    blankToUndefined,
    z
      .enum(blogCommentOrders, { error: `order must be one of ${blogCommentOrders.join(', ')}` })
      .default('newest'),
  ),
});

/** POST /comment-on-blog/{id}: a comment, or a reply when `parentId` names a comment. */
export const ZBlogCommentRequest = z.object({
  // NUL cannot be stored (PostgreSQL) and is never typed on purpose: dropped.
  comment: z.preprocess(
    (value) => (typeof value === 'string' ? value.replaceAll('\0', '') : value),
    z
      .string({ error: 'Write a comment first' })
      .trim()
      .min(1, { error: 'Write a comment first' })
      .max(blogLimits.commentMax, {
        error: `A comment can be at most ${blogLimits.commentMax} characters`,
      }),
  ),
  parentId: z.preprocess(
    (value) => (value === null ? undefined : blankToUndefined(value)),
    z.uuid({ error: 'parentId must be a comment id' }).optional(),
  ),
});
export type TBlogCommentRequest = z.infer<typeof ZBlogCommentRequest>;

export const ZBlogCategory = z.object({ _id: z.string(), name: z.string() });
export type TBlogCategory = z.infer<typeof ZBlogCategory>;

/** POST /admin/hub_category and PUT /update-blog-category/{id}. */
export const ZBlogCategoryRequest = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(blogLimits.categoryNameMin, {
      error: `Name must be at least ${blogLimits.categoryNameMin} characters`,
    })
    .max(blogLimits.categoryNameMax, {
      error: `Name must be at most ${blogLimits.categoryNameMax} characters`,
    }),
});
export type TBlogCategoryRequest = z.infer<typeof ZBlogCategoryRequest>;

const ZFormBoolean = z.preprocess(
  (value) => {
    if (typeof value === 'boolean') return value;
    if (typeof value !== 'string') return value;
    const text = value.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(text)) return true;
    if (['false', '0', 'off', 'no', ''].includes(text)) return false;
    return value;
  },
  z.boolean({ error: 'is_default must be true or false' }),
);

const ZAuthorName = z
  .string({ error: 'Author name is required' })
  .trim()
  .min(blogLimits.authorNameMin, {
    error: `Author name must be at least ${blogLimits.authorNameMin} characters`,
  })
  .max(blogLimits.authorNameMax, {
    error: `Author name must be at most ${blogLimits.authorNameMax} characters`,
  });

const ZAuthorTitle = z
  .string()
  .trim()
  .max(blogLimits.authorTitleMax, {
    error: `Author title must be at most ${blogLimits.authorTitleMax} characters`,
  });

/** POST /admin/author (multipart; the photo comes as the `author_image` file). */
export const ZBlogAuthorCreateRequest = z.object({
  author_name: ZAuthorName,
  author_title: z.preprocess((value) => value ?? '', ZAuthorTitle),
  is_default: z.preprocess((value) => value ?? false, ZFormBoolean),
});
export type TBlogAuthorCreateRequest = z.infer<typeof ZBlogAuthorCreateRequest>;

/** PUT /admin/author/{id}: the same fields, each optional (an empty title clears it). */
export const ZBlogAuthorUpdateRequest = z.object({
  author_name: optionalText(ZAuthorName),
  author_title: ZAuthorTitle.optional(),
  is_default: ZFormBoolean.optional(),
});
export type TBlogAuthorUpdateRequest = z.infer<typeof ZBlogAuthorUpdateRequest>;

export const ZBlogAuthor = z.object({
  _id: z.string(),
  author_name: z.string(),
  author_title: z.string(),
  /** Storage key of the photo (relative path on the image server). */
  author_image: z.string().nullable(),
  is_default: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBlogAuthor = z.infer<typeof ZBlogAuthor>;

/**
 * A blog post as the API shows it (docs/product.md#blog). `likes` holds the viewer's own id only (see
 * docs/decisions/009-campaign-likes-are-counted.md); `likesCount` is the count. `comments` and
 * `commentsCount` are both the number of comments (replies included).
 */
export const ZBlogPost = z.object({
  _id: z.string(),
  title: z.string(),
  /** Begins with "/": the post's address is `/blog` + urlSlug. */
  urlSlug: z.string(),
  category: ZBlogCategory.nullable(),
  /** Sanitized HTML. */
  content: z.string(),
  excerpt: z.string(),
  /** The author's name (the site's name when the post has no author). */
  publisher: z.string(),
  publisherId: z.string().nullable(),
  publisherImage: z.string().nullable(),
  publisherTitle: z.string(),
  status: z.enum(blogPostStatuses),
  /** The largest stored size; the `…Sizes` lists give every width for `srcset`. */
  titleImage: z.string().nullable(),
  titleImageSizes: z.array(ZCampaignImageSize),
  bodyImage: z.string().nullable(),
  bodyImageSizes: z.array(ZCampaignImageSize),
  /** Publication date (ISO); null for a post never published. */
  date: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  likes: z.array(z.string()),
  likesCount: z.number(),
  likedByMe: z.boolean(),
  comments: z.number(),
  commentsCount: z.number(),
  readingMinutes: z.number(),
});
export type TBlogPost = z.infer<typeof ZBlogPost>;

export interface TBlogComment {
  _id: string;
  comment: string;
  createdAt: string;
  parentId: string | null;
  user: { _id: string; firstName: string; lastName: string; image: string | null };
  replies: TBlogComment[];
}

/** A comment with its replies, nested to any depth (replies oldest first). */
export const ZBlogComment: z.ZodType<TBlogComment> = z.object({
  _id: z.string(),
  comment: z.string(),
  createdAt: z.string(),
  parentId: z.string().nullable(),
  user: z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    image: z.string().nullable(),
  }),
  get replies() {
    return z.array(ZBlogComment);
  },
});

export const ZBlogPostResponse = ZResultEnvelope(ZBlogPost);
/** GET /get-single-blog/{id}: `comment` is the number of comments (the list is paginated apart). */
export const ZBlogSinglePostResponse = z.object({
  message: z.string(),
  result: ZBlogPost,
  comment: z.number(),
});
export const ZBlogPostListResponse = ZResultsEnvelope(ZBlogPost);
export const ZBlogCommentListResponse = ZResultsEnvelope(ZBlogComment).extend({
  order: z.enum(blogCommentOrders),
});
export const ZBlogCommentResponse = ZResultEnvelope(ZBlogComment);
export const ZBlogCategoryListResponse = ZResultsEnvelope(ZBlogCategory);
export const ZBlogCategoryDataResponse = ZDataEnvelope(ZBlogCategory);
export const ZBlogAuthorDataResponse = ZDataEnvelope(ZBlogAuthor);
export const ZBlogAuthorListResponse = ZDataEnvelope(z.array(ZBlogAuthor));

/**
 * DELETE /admin/blog-comments/{id}: the comment and every reply below it are gone; `deleted`
 * counts them all, `commentsCount` is the post's count after.
 */
export const ZBlogCommentDeleteResponse = z.object({
  message: z.string(),
  result: z.object({ postId: z.string(), deleted: z.number(), commentsCount: z.number() }),
});
export type TBlogCommentDeleteResponse = z.infer<typeof ZBlogCommentDeleteResponse>;

/** GET /admin/blog-comments: every comment and reply, newest first, to moderate. */
export const ZAdminBlogCommentListQuery = z.object({
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', blogLimits.commentsPageDefault, blogLimits.pageMax),
  /** Only the comments of this post. */
  postId: z.preprocess(blankToUndefined, z.uuid({ error: 'postId must be a post id' }).optional()),
  /** Words in the comment or the commenter's name. */
  search: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Search must be text' })
      .trim()
      .max(blogLimits.searchMax, {
        error: `Search must be at most ${blogLimits.searchMax} characters`,
      })
      .optional(),
  ),
});
export type TAdminBlogCommentListQuery = z.infer<typeof ZAdminBlogCommentListQuery>;

/** A comment as moderators see it: where it is, who wrote it, and how many replies hang on it. */
export const ZAdminBlogComment = z.object({
  _id: z.string(),
  comment: z.string(),
  createdAt: z.string(),
  parentId: z.string().nullable(),
  /** Replies below it at any depth: they are deleted with it. */
  replyCount: z.number(),
  user: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }),
  post: z.object({ _id: z.string(), title: z.string(), urlSlug: z.string() }),
});
export type TAdminBlogComment = z.infer<typeof ZAdminBlogComment>;
export const ZAdminBlogCommentListResponse = ZResultsEnvelope(ZAdminBlogComment);

/**
 * The URL words of a text: accents removed, lowercase ASCII letters and digits joined by "-"
 * ("Ọmọ & Health: Tips!" → "omo-health-tips"); empty when nothing is left. The server stores
 * addresses made this way and the post form previews them with the same function.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, blogLimits.slugMax)
    .replace(/-+$/, '');
}
