import { errorTexts, limits } from '@ipatient/contracts';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { readForm } from '../../plugins/multipart.ts';
import { answerFromRead } from '../../plugins/public-cache.ts';
import { type BlogDeps, paramId } from './blog.shared.ts';
import * as service from './blog-posts.service.ts';

const { posts } = endpoints.blog;
const imageLimit = { maxBytes: limits.imageMaxBytes, tooLarge: errorTexts.imageTooLarge };
const postImages = { titleImage: imageLimit, bodyImage: imageLimit };

/** Posts: written by admins, read by everyone, liked by members. */
export const blogPostRoutes: FastifyPluginAsyncZod<{ deps: BlogDeps }> = async (app, { deps }) => {
  /** The audit log's "before" of a change: the post as it was (trimmed), by the route's id. */
  const postBefore = (request: FastifyRequest) => service.postSnapshot(app.db, paramId(request));

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
    handler: async (request, reply) => {
      const page = await service.listPosts(app.db, request.auth?.user, request.query);
      return answerFromRead(request, reply, page, () => ({
        message: 'Blog posts fetched',
        ...page,
      }));
    },
  });

  app.route({
    ...endpointRoute(app, posts.get, { publicCache: true }),
    handler: async (request, reply) => {
      const result = await service.getPost(app.db, request.auth?.user, request.params.id);
      return answerFromRead(request, reply, result, () => ({
        message: 'Blog post fetched',
        result,
        comment: result.commentsCount,
      }));
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
};
