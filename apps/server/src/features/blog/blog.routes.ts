import { errorTexts, limits } from '@ipatient/contracts';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { readForm } from '../../plugins/multipart.ts';
import { usePublicCache } from '../../plugins/public-cache.ts';
import * as service from './blog.service.ts';

const { posts, comments, categories, authors } = endpoints.blog;
const imageLimit = { maxBytes: limits.imageMaxBytes, tooLarge: errorTexts.imageTooLarge };
const postImages = { titleImage: imageLimit, bodyImage: imageLimit };
const authorImage = { author_image: imageLimit };

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

  app.route({
    ...endpointRoute(app, posts.create, { audit: { entity: 'blog-post' } }),
    handler: async (request, reply) => {
      const form = await readForm(request, postImages);
      const result = await service.createPost(
        deps,
        currentUser(request).user,
        form.fields,
        form.files,
      );
      return reply.status(201).send({ message: 'Blog post created', result });
    },
  });

  app.route({
    ...endpointRoute(app, posts.list, { publicCache: true }),
    handler: async (request) => ({
      message: 'Blog posts fetched',
      ...(await service.listPosts(app.db, request.auth?.user, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, posts.get, { publicCache: true }),
    handler: async (request) => {
      const result = await service.getPost(app.db, request.auth?.user, request.params.id);
      return { message: 'Blog post fetched', result, comment: result.commentsCount };
    },
  });

  app.route({
    ...endpointRoute(app, posts.update, { audit: { entity: 'blog-post', before: postBefore } }),
    handler: async (request) => {
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
  });

  app.route({
    ...endpointRoute(app, posts.remove, { audit: { entity: 'blog-post', before: postBefore } }),
    handler: async (request) => {
      await service.deletePost(deps, request.params.id);
      return { message: 'Blog post deleted' };
    },
  });

  app.route({
    ...endpointRoute(app, comments.list, { publicCache: true }),
    handler: async (request) => {
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
  });

  app.route({
    ...endpointRoute(app, comments.create),
    handler: async (request, reply) => {
      const result = await service.addComment(
        app.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ message: 'Comment posted', result });
    },
  });

  app.route({
    ...endpointRoute(app, comments.moderate),
    handler: async (request) => ({
      message: 'Comments fetched',
      ...(await service.listCommentsForModeration(app.db, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, comments.remove, {
      audit: { entity: 'blog-comment', before: commentBefore },
    }),
    handler: async (request) => {
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
  });

  app.route({
    ...endpointRoute(app, posts.like),
    handler: async (request) => {
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
  });

  // Categories

  app.route({
    ...endpointRoute(app, categories.create, { audit: { entity: 'blog-category' } }),
    handler: async (request, reply) => {
      const data = await service.createCategory(app.db, request.body);
      return reply.status(201).send({ message: 'Category created', data });
    },
  });

  app.route({
    ...endpointRoute(app, categories.list),
    handler: async () => ({
      message: 'Categories fetched',
      results: await service.listCategories(app.db),
    }),
  });

  app.route({
    ...endpointRoute(app, categories.get),
    handler: async (request) => ({
      message: 'Category fetched',
      data: await service.getCategory(app.db, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, categories.rename, {
      audit: { entity: 'blog-category', before: categoryBefore },
    }),
    handler: async (request) => ({
      message: 'Category updated',
      data: await service.updateCategory(app.db, request.params.id, request.body),
    }),
  });

  // The seed calls `/admin/hub_category//{id}`: the router ignores the duplicate slash.
  app.route({
    ...endpointRoute(app, categories.remove, {
      audit: { entity: 'blog-category', before: categoryBefore },
    }),
    handler: async (request) => {
      await service.deleteCategory(app.db, request.params.id);
      return { message: 'Category deleted' };
    },
  });

  // Authors

  app.route({
    ...endpointRoute(app, authors.create, { audit: { entity: 'blog-author' } }),
    handler: async (request, reply) => {
      const form = await readForm(request, authorImage);
      const data = await service.createAuthor(deps, form.fields, form.files.author_image);
      return reply.status(201).send({ message: 'Author created', data });
    },
  });

  app.route({
    ...endpointRoute(app, authors.list),
    handler: async () => ({ message: 'Authors fetched', data: await service.listAuthors(app.db) }),
  });

  app.route({
    ...endpointRoute(app, authors.get),
    handler: async (request) => ({
      message: 'Author fetched',
      data: await service.getAuthor(app.db, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, authors.update, {
      audit: { entity: 'blog-author', before: authorBefore },
    }),
    handler: async (request) => {
      const form = await readForm(request, authorImage);
      const data = await service.updateAuthor(
        deps,
        request.params.id,
        form.fields,
        form.files.author_image,
      );
      return { message: 'Author updated', data };
    },
  });

  app.route({
    ...endpointRoute(app, authors.remove, {
      audit: { entity: 'blog-author', before: authorBefore },
    }),
    handler: async (request) => {
      await service.deleteAuthor(deps, request.params.id);
      return { message: 'Author deleted' };
    },
  });
};
