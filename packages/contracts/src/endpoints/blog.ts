import { z } from 'zod';
import { ZMessageResponse } from '../accounts.ts';
import {
  ZAdminBlogCommentListQuery,
  ZAdminBlogCommentListResponse,
  ZBlogAuthorCreateRequest,
  ZBlogAuthorDataResponse,
  ZBlogAuthorListResponse,
  ZBlogAuthorUpdateRequest,
  ZBlogCategoryDataResponse,
  ZBlogCategoryListResponse,
  ZBlogCategoryRequest,
  ZBlogCommentDeleteResponse,
  ZBlogCommentListResponse,
  ZBlogCommentRequest,
  ZBlogCommentResponse,
  ZBlogCommentsQuery,
  ZBlogListQuery,
  ZBlogPostCreateRequest,
  ZBlogPostListResponse,
  ZBlogPostResponse,
  ZBlogPostUpdateRequest,
  ZBlogSinglePostResponse,
} from '../blog.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const postTags = ['Blog'];
const categoryTags = ['Blog categories'];
const authorTags = ['Blog authors'];

const postId = idParams('Not a blog post id');
const categoryId = idParams('Not a category id');
const authorId = idParams('Not an author id');
const commentId = idParams('Not a comment id');
/** A post is found by its id or its urlSlug ("/my-post", "%2Fmy-post" or "my-post"). */
const postIdOrSlug = z.object({ id: z.string().min(1).max(300) });

const postImages = {
  titleImage: 'The title image: PNG, JPEG or WebP, at most 850 KB',
  bodyImage: 'The image inside the post: PNG, JPEG or WebP, at most 850 KB',
};
const authorImage = { author_image: 'The author’s photo: PNG, JPEG or WebP, at most 850 KB' };

const posts = {
  list: defineEndpoint({
    method: 'GET',
    path: '/get-blogs',
    access: 'viewer',
    tags: postTags,
    summary: 'Published posts, newest first; search, category filter and pages',
    description: 'status=draft or status=all is for admins only (403 otherwise).',
    query: ZBlogListQuery,
    responses: { 200: ZBlogPostListResponse },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/get-single-blog/:id',
    access: 'viewer',
    tags: postTags,
    summary: 'One post by id or urlSlug ("/my-post", "%2Fmy-post" or "my-post")',
    description:
      '`comment` is the number of comments, replies included; the comments themselves come from /fetch-blog-comments/{id}, page by page. Drafts are found for admins only.',
    params: postIdOrSlug,
    responses: { 200: ZBlogSinglePostResponse },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/post-blog',
    access: 'admin',
    tags: postTags,
    summary: 'Admins: write a post (multipart: fields, `titleImage` and `bodyImage` files)',
    description:
      'content is HTML, sanitized on write. urlSlug is normalised ("My Post!" → "/my-post") or made from the title, with -2, -3 … on clashes; publisher is an author id (default author when left out); status draft (default) or published.',
    multipart: { fields: ZBlogPostCreateRequest, files: postImages, json: true },
    responses: { 201: ZBlogPostResponse },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/update-blog/:id',
    access: 'admin',
    tags: postTags,
    summary: 'Admins: change a post (multipart, every field optional)',
    description:
      'A post is dated when it is first published; a new image replaces the old one, whose files are deleted.',
    params: postId,
    multipart: { fields: ZBlogPostUpdateRequest, files: postImages, json: true },
    responses: { 200: ZBlogPostResponse },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/delete-blog/:id',
    access: 'admin',
    tags: postTags,
    summary: 'Admins: delete a post with its comments, likes and images',
    params: postId,
    responses: { 200: ZMessageResponse },
  }),
  like: defineEndpoint({
    method: 'PUT',
    path: '/like-blog/:id',
    access: 'member',
    tags: postTags,
    summary: 'Like a published post (once; a second like changes nothing)',
    params: postId,
    responses: { 200: ZBlogPostResponse },
  }),
};

const comments = {
  list: defineEndpoint({
    method: 'GET',
    path: '/fetch-blog-comments/:id',
    access: 'viewer',
    tags: postTags,
    summary: 'Comments of a post: top-level ones paged (newest first by default), replies nested',
    description:
      'order=newest|oldest orders the top-level comments (the answer repeats it in `order`); replies, at any depth, are always oldest first.',
    params: postId,
    query: ZBlogCommentsQuery,
    responses: { 200: ZBlogCommentListResponse },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/comment-on-blog/:id',
    access: 'member',
    tags: postTags,
    summary: 'Comment on a published post, or reply to one of its comments (parentId)',
    params: postId,
    body: ZBlogCommentRequest,
    responses: { 201: ZBlogCommentResponse },
  }),
  moderate: defineEndpoint({
    method: 'GET',
    path: '/admin/blog-comments',
    access: 'admin',
    tags: postTags,
    summary: 'Admins: comments and replies to moderate, newest first (all posts, or one)',
    description:
      "search matches the comment or the commenter's name. replyCount is how many replies (at any depth) would be deleted with the comment.",
    query: ZAdminBlogCommentListQuery,
    responses: { 200: ZAdminBlogCommentListResponse },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/blog-comments/:id',
    access: 'admin',
    tags: postTags,
    summary: 'Admins: delete a comment, with every reply below it',
    description:
      "The post's comment count goes down by all of them at once. 404 when the comment does not exist (or was already deleted).",
    params: commentId,
    responses: { 200: ZBlogCommentDeleteResponse },
  }),
};

const categories = {
  list: defineEndpoint({
    method: 'GET',
    path: '/get-blog-categories',
    access: 'public',
    tags: categoryTags,
    summary: 'Every blog category, by name',
    responses: { 200: ZBlogCategoryListResponse },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/hub_category/:id',
    access: 'public',
    tags: categoryTags,
    summary: 'One blog category',
    params: categoryId,
    responses: { 200: ZBlogCategoryDataResponse },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/hub_category',
    access: 'admin',
    tags: categoryTags,
    summary: 'Admins: add a blog category (names are unique whatever their case)',
    body: ZBlogCategoryRequest,
    responses: { 201: ZBlogCategoryDataResponse },
  }),
  rename: defineEndpoint({
    method: 'PUT',
    path: '/update-blog-category/:id',
    access: 'admin',
    tags: categoryTags,
    summary: 'Admins: rename a blog category',
    params: categoryId,
    body: ZBlogCategoryRequest,
    responses: { 200: ZBlogCategoryDataResponse },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/hub_category/:id',
    access: 'admin',
    tags: categoryTags,
    summary: 'Admins: delete a category that has no posts (409 while it has some)',
    description: 'Also reached as /admin/hub_category//{id}, the path the seed calls.',
    params: categoryId,
    responses: { 200: ZMessageResponse },
  }),
};

const authors = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/author',
    access: 'public',
    tags: authorTags,
    summary: 'Every author, the default first (public: authors are shown on their posts)',
    responses: { 200: ZBlogAuthorListResponse },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/author/:id',
    access: 'public',
    tags: authorTags,
    summary: 'One author (public)',
    params: authorId,
    responses: { 200: ZBlogAuthorDataResponse },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/author',
    access: 'admin',
    tags: authorTags,
    summary:
      'Admins: add an author (multipart: author_name, author_title, author_image, is_default)',
    description: 'is_default true makes this the only default author.',
    multipart: { fields: ZBlogAuthorCreateRequest, files: authorImage, json: true },
    responses: { 201: ZBlogAuthorDataResponse },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/admin/author/:id',
    access: 'admin',
    tags: authorTags,
    summary: 'Admins: change an author (multipart, every field optional)',
    params: authorId,
    multipart: { fields: ZBlogAuthorUpdateRequest, files: authorImage, json: true },
    responses: { 200: ZBlogAuthorDataResponse },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/author/:id',
    access: 'admin',
    tags: authorTags,
    summary: "Admins: delete an author (their posts stay, shown under the site's name)",
    params: authorId,
    responses: { 200: ZMessageResponse },
  }),
};

/** The blog: posts, their comments and likes, categories and authors. */
export const blogEndpoints = { posts, comments, categories, authors };
