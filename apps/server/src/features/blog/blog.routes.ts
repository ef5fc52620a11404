import { errorTexts, limits } from '@ipatient/contracts';
import { ZMessageResponse } from '@ipatient/contracts/accounts';
import {
  ZAdminBlogCommentListQuery,
  ZAdminBlogCommentListResponse,
  ZBlogAuthorDataResponse,
  ZBlogAuthorListResponse,
  ZBlogCategoryDataResponse,
  ZBlogCategoryListResponse,
  ZBlogCategoryRequest,
  ZBlogCommentDeleteResponse,
  ZBlogCommentListResponse,
  ZBlogCommentRequest,
  ZBlogCommentResponse,
  ZBlogCommentsQuery,
  ZBlogListQuery,
  ZBlogPostListResponse,
  ZBlogPostResponse,
  ZBlogSinglePostResponse,
} from '@ipatient/contracts/blog';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { readForm } from '../../plugins/multipart.ts';
import { usePublicCache } from '../../plugins/public-cache.ts';
import * as service from './blog.service.ts';

const bearer = [{ bearerAuth: [] }];
const ZPostIdParams = z.object({ id: z.uuid({ error: 'Not a blog post id' }) });
const ZCategoryIdParams = z.object({ id: z.uuid({ error: 'Not a category id' }) });
const ZAuthorIdParams = z.object({ id: z.uuid({ error: 'Not an author id' }) });
const ZCommentIdParams = z.object({ id: z.uuid({ error: 'Not a comment id' }) });
const imageLimit = { maxBytes: limits.imageMaxBytes, tooLarge: errorTexts.imageTooLarge };
const postImages = { titleImage: imageLimit, bodyImage: imageLimit };
const authorImage = { author_image: imageLimit };
const multipartBody = ['multipart/form-data', 'application/json'];

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.BlogDeps = { db: app.db, storage: app.storage };
  // Visitors' reads from a short-lived cache; this scope's writes empty it.
  usePublicCache(app);
  /** The audit log's "before" of a change: the record as it was (trimmed), by the route's id. */
  const idOf = (request: FastifyRequest) => (request.params as { id?: unknown } | undefined)?.id;
  const postBefore = (request: FastifyRequest) => service.postSnapshot(app.db, idOf(request));
  const categoryBefore = (request: FastifyRequest) =>
    service.categorySnapshot(app.db, idOf(request));
  const authorBefore = (request: FastifyRequest) => service.authorSnapshot(app.db, idOf(request));
  const commentBefore = (request: FastifyRequest) => service.commentSnapshot(app.db, idOf(request));

  // Posts

  app.post(
    '/post-blog',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'blog-post' } },
      schema: {
        tags: ['Blog'],
        summary: 'Admins: write a post (multipart: fields, `titleImage` and `bodyImage` files)',
        description:
          'content is HTML, sanitized on write. urlSlug is normalised ("My Post!" → "/my-post") or made from the title, with -2, -3 … on clashes; publisher is an author id (default author when left out); status draft (default) or published.',
        consumes: multipartBody,
        security: bearer,
        response: { 201: ZBlogPostResponse },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, postImages);
      const result = await service.createPost(
        deps,
        currentUser(request).user,
        form.fields,
        form.files,
      );
      return reply.status(201).send({ message: 'Blog post created', result });
    },
  );

  app.get(
    '/get-blogs',
    {
      preHandler: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags: ['Blog'],
        summary: 'Published posts, newest first; search, category filter and pages',
        description: 'status=draft or status=all is for admins only (403 otherwise).',
        querystring: ZBlogListQuery,
        response: { 200: ZBlogPostListResponse },
      },
    },
    async (request) => ({
      message: 'Blog posts fetched',
      ...(await service.listPosts(app.db, request.auth?.user, request.query)),
    }),
  );

  app.get(
    '/get-single-blog/:id',
    {
      preHandler: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags: ['Blog'],
        summary: 'One post by id or urlSlug ("/my-post", "%2Fmy-post" or "my-post")',
        description:
          '`comment` is the number of comments, replies included; the comments themselves come from /fetch-blog-comments/{id}, page by page. Drafts are found for admins only.',
        params: z.object({ id: z.string().min(1).max(300) }),
        response: { 200: ZBlogSinglePostResponse },
      },
    },
    async (request) => {
      const result = await service.getPost(app.db, request.auth?.user, request.params.id);
      return { message: 'Blog post fetched', result, comment: result.commentsCount };
    },
  );

  app.put(
    '/update-blog/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'blog-post', before: postBefore } },
      schema: {
        tags: ['Blog'],
        summary: 'Admins: change a post (multipart, every field optional)',
        description:
          'A post is dated when it is first published; a new image replaces the old one, whose files are deleted.',
        consumes: multipartBody,
        security: bearer,
        params: ZPostIdParams,
        response: { 200: ZBlogPostResponse },
      },
    },
    async (request) => {
      const form = await readForm(request, postImages);
      const result = await service.updatePost(
        deps,
        currentUser(request).user,
        request.params.id,
        form.fields,
        form.files,
      );
      return { message: 'Blog post updated', result };
    },
  );

  app.delete(
    '/delete-blog/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'blog-post', before: postBefore } },
      schema: {
        tags: ['Blog'],
        summary: 'Admins: delete a post with its comments, likes and images',
        security: bearer,
        params: ZPostIdParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await service.deletePost(deps, request.params.id);
      return { message: 'Blog post deleted' };
    },
  );

  app.get(
    '/fetch-blog-comments/:id',
    {
      preHandler: app.optionalUser,
      config: { publicCache: true },
      schema: {
        tags: ['Blog'],
        summary:
          'Comments of a post: top-level ones paged (newest first by default), replies nested',
        description:
          'order=newest|oldest orders the top-level comments (the answer repeats it in `order`); replies, at any depth, are always oldest first.',
        params: ZPostIdParams,
        querystring: ZBlogCommentsQuery,
        response: { 200: ZBlogCommentListResponse },
      },
    },
    async (request) => {
      const { order } = request.query;
      return {
        message: `Comments fetched, ${order} first`,
        order,
        ...(await service.listComments(
          app.db,
          request.auth?.user,
          request.params.id,
          request.query,
        )),
      };
    },
  );

  app.post(
    '/comment-on-blog/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['Blog'],
        summary: 'Comment on a published post, or reply to one of its comments (parentId)',
        security: bearer,
        params: ZPostIdParams,
        body: ZBlogCommentRequest,
        response: { 201: ZBlogCommentResponse },
      },
    },
    async (request, reply) => {
      const result = await service.addComment(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ message: 'Comment posted', result });
    },
  );

  app.get(
    '/admin/blog-comments',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['Blog'],
        summary: 'Admins: comments and replies to moderate, newest first (all posts, or one)',
        description:
          "search matches the comment or the commenter's name. replyCount is how many replies (at any depth) would be deleted with the comment.",
        security: bearer,
        querystring: ZAdminBlogCommentListQuery,
        response: { 200: ZAdminBlogCommentListResponse },
      },
    },
    async (request) => ({
      message: 'Comments fetched',
      ...(await service.listCommentsForModeration(app.db, request.query)),
    }),
  );

  app.delete(
    '/admin/blog-comments/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'blog-comment', before: commentBefore } },
      schema: {
        tags: ['Blog'],
        summary: 'Admins: delete a comment, with every reply below it',
        description:
          "The post's comment count goes down by all of them at once. 404 when the comment does not exist (or was already deleted).",
        security: bearer,
        params: ZCommentIdParams,
        response: { 200: ZBlogCommentDeleteResponse },
      },
    },
    async (request) => {
      const result = await service.deleteComment(app.db, request.params.id);
      const replies = result.deleted - 1;
      return {
        message:
          replies === 0
            ? 'Comment deleted'
            : `Comment deleted with ${replies === 1 ? 'its reply' : `its ${replies} replies`}`,
        result,
      };
    },
  );

  app.put(
    '/like-blog/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['Blog'],
        summary: 'Like a published post (once; a second like changes nothing)',
        security: bearer,
        params: ZPostIdParams,
        response: { 200: ZBlogPostResponse },
      },
    },
    async (request) => {
      const { post, added } = await service.likePost(
        app.db,
        currentUser(request).user,
        request.params.id,
      );
      return {
        message: added ? 'Thank you for liking this post!' : 'You already liked this post',
        result: post,
      };
    },
  );

  // Categories

  app.post(
    '/admin/hub_category',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'blog-category' } },
      schema: {
        tags: ['Blog categories'],
        summary: 'Admins: add a blog category (names are unique whatever their case)',
        security: bearer,
        body: ZBlogCategoryRequest,
        response: { 201: ZBlogCategoryDataResponse },
      },
    },
    async (request, reply) => {
      const data = await service.createCategory(app.db, request.body);
      return reply.status(201).send({ message: 'Category created', data });
    },
  );

  app.get(
    '/get-blog-categories',
    {
      schema: {
        tags: ['Blog categories'],
        summary: 'Every blog category, by name',
        response: { 200: ZBlogCategoryListResponse },
      },
    },
    async () => ({ message: 'Categories fetched', results: await service.listCategories(app.db) }),
  );

  app.get(
    '/admin/hub_category/:id',
    {
      schema: {
        tags: ['Blog categories'],
        summary: 'One blog category',
        params: ZCategoryIdParams,
        response: { 200: ZBlogCategoryDataResponse },
      },
    },
    async (request) => ({
      message: 'Category fetched',
      data: await service.getCategory(app.db, request.params.id),
    }),
  );

  app.put(
    '/update-blog-category/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'blog-category', before: categoryBefore } },
      schema: {
        tags: ['Blog categories'],
        summary: 'Admins: rename a blog category',
        security: bearer,
        params: ZCategoryIdParams,
        body: ZBlogCategoryRequest,
        response: { 200: ZBlogCategoryDataResponse },
      },
    },
    async (request) => ({
      message: 'Category updated',
      data: await service.updateCategory(app.db, request.params.id, request.body),
    }),
  );

  // The seed calls `/admin/hub_category//{id}`: the router ignores the duplicate slash.
  app.delete(
    '/admin/hub_category/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'blog-category', before: categoryBefore } },
      schema: {
        tags: ['Blog categories'],
        summary: 'Admins: delete a category that has no posts (409 while it has some)',
        description: 'Also reached as /admin/hub_category//{id}, the path the seed calls.',
        security: bearer,
        params: ZCategoryIdParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await service.deleteCategory(app.db, request.params.id);
      return { message: 'Category deleted' };
    },
  );

  // Authors

  app.post(
    '/admin/author',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'blog-author' } },
      schema: {
        tags: ['Blog authors'],
        summary:
          'Admins: add an author (multipart: author_name, author_title, author_image, is_default)',
        description: 'is_default true makes this the only default author.',
        consumes: multipartBody,
        security: bearer,
        response: { 201: ZBlogAuthorDataResponse },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, authorImage);
      const data = await service.createAuthor(deps, form.fields, form.files.author_image);
      return reply.status(201).send({ message: 'Author created', data });
    },
  );

  app.get(
    '/admin/author',
    {
      schema: {
        tags: ['Blog authors'],
        summary: 'Every author, the default first (public: authors are shown on their posts)',
        response: { 200: ZBlogAuthorListResponse },
      },
    },
    async () => ({ message: 'Authors fetched', data: await service.listAuthors(app.db) }),
  );

  app.get(
    '/admin/author/:id',
    {
      schema: {
        tags: ['Blog authors'],
        summary: 'One author (public)',
        params: ZAuthorIdParams,
        response: { 200: ZBlogAuthorDataResponse },
      },
    },
    async (request) => ({
      message: 'Author fetched',
      data: await service.getAuthor(app.db, request.params.id),
    }),
  );

  app.put(
    '/admin/author/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'blog-author', before: authorBefore } },
      schema: {
        tags: ['Blog authors'],
        summary: 'Admins: change an author (multipart, every field optional)',
        consumes: multipartBody,
        security: bearer,
        params: ZAuthorIdParams,
        response: { 200: ZBlogAuthorDataResponse },
      },
    },
    async (request) => {
      const form = await readForm(request, authorImage);
      const data = await service.updateAuthor(
        deps,
        request.params.id,
        form.fields,
        form.files.author_image,
      );
      return { message: 'Author updated', data };
    },
  );

  app.delete(
    '/admin/author/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'blog-author', before: authorBefore } },
      schema: {
        tags: ['Blog authors'],
        summary: "Admins: delete an author (their posts stay, shown under the site's name)",
        security: bearer,
        params: ZAuthorIdParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await service.deleteAuthor(deps, request.params.id);
      return { message: 'Author deleted' };
    },
  );
};
