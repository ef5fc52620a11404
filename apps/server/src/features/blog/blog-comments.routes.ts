import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { currentUser } from '../../plugins/auth/auth.plugin.ts';
import { answerFromRead } from '../../plugins/public-cache.ts';
import { paramId } from './blog.shared.ts';
import * as service from './blog-comments.service.ts';

const { comments } = endpoints.blog;

/** Comments: read by everyone, written by members, moderated by admins. */
export const blogCommentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The audit log's "before" of a deletion: the comment as it was, by the route's id. */
  const commentBefore = (request: FastifyRequest) =>
    service.commentSnapshot(app.db, paramId(request));

  app.route({
    ...endpointRoute(app, comments.list, { publicCache: true }),
    handler: async (request, reply) => {
      const { order } = request.query;
      const page = await service.listComments(
        app.db,
        request.auth?.user,
        request.params.id,
        request.query,
      );
      return answerFromRead(request, reply, page, () => ({
        message: `Comments fetched, ${order} first`,
        order,
        ...page,
      }));
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
};
