import { errorTexts, limits } from '@ipatient/contracts';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import { isUuid } from '@ipatient/contracts/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { readForm } from '../../plugins/multipart.ts';
import { usePublicCache } from '../../plugins/public-cache.ts';
import * as service from './podcasts.service.ts';

const podcasts = endpoints.podcasts;
const imageLimit = {
  image: { maxBytes: limits.imageMaxBytes, tooLarge: errorTexts.imageTooLarge },
};

/** The `:id` of a request when it is a well-formed id (the audit's `before` runs on any input). */
function paramId(request: FastifyRequest): string | undefined {
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return isUuid(id) ? id : undefined;
}

/** The form of an episode; a JSON body's `channels` array is passed on as the JSON text. */
async function readEpisodeForm(request: FastifyRequest) {
  const form = await readForm(request, imageLimit);
  const body = request.isMultipart() ? undefined : (request.body as Record<string, unknown>);
  if (body && typeof body.channels === 'object' && body.channels !== null) {
    form.fields.channels = JSON.stringify(body.channels);
  }
  return form;
}

export const podcastsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.PodcastsDeps = { db: app.db, storage: app.storage };
  // Everyone's reads from the short-lived public cache (the episodes are public).
  usePublicCache(app);
  /** The audit log's "before" of an episode or a category (null when there is none). */
  const episodeBefore = async (request: FastifyRequest) => {
    const id = paramId(request);
    return id ? service.episodeAuditSummary(app.db, id) : null;
  };
  const categoryBefore = async (request: FastifyRequest) => {
    const id = paramId(request);
    return id ? service.categoryAuditSummary(app.db, id) : null;
  };

  app.route({
    ...endpointRoute(app, podcasts.list, { publicCache: true }),
    handler: async (request) => ({
      message: 'Podcasts fetched',
      ...(await service.listEpisodes(app.db, request.query)),
    }),
  });

  app.route({
    ...endpointRoute(app, podcasts.get, { publicCache: true }),
    handler: async (request) => ({
      message: 'Podcast fetched',
      result: await service.getEpisode(app.db, request.params.id),
    }),
  });

  app.route({
    ...endpointRoute(app, podcasts.categories, { publicCache: true }),
    handler: async () => ({
      message: 'Podcast categories fetched',
      results: await service.listCategories(app.db),
    }),
  });

  app.route({
    ...endpointRoute(app, podcasts.create, { audit: { entity: 'podcast' } }),
    handler: async (request, reply) => {
      const form = await readEpisodeForm(request);
      const result = await service.createEpisode(deps, form.fields, form.files.image);
      return reply.status(201).send({ message: 'Podcast episode published', result });
    },
  });

  app.route({
    ...endpointRoute(app, podcasts.update, {
      audit: { entity: 'podcast', before: episodeBefore },
    }),
    handler: async (request) => {
      const form = await readEpisodeForm(request);
      const result = await service.updateEpisode(
        deps,
        request.params.id,
        form.fields,
        form.files.image,
      );
      return { message: 'Podcast episode updated', result };
    },
  });

  app.route({
    ...endpointRoute(app, podcasts.remove, {
      audit: { entity: 'podcast', before: episodeBefore },
    }),
    handler: async (request) => {
      await service.deleteEpisode(deps, request.params.id);
      return { message: 'Podcast episode deleted' };
    },
  });

  app.route({
    ...endpointRoute(app, podcasts.createCategory, { audit: { entity: 'podcast-category' } }),
    handler: async (request, reply) => {
      const result = await service.createCategory(app.db, request.body.name);
      return reply.status(201).send({ message: 'Podcast category created', result });
    },
  });

  app.route({
    ...endpointRoute(app, podcasts.renameCategory, {
      audit: { entity: 'podcast-category', before: categoryBefore },
    }),
    handler: async (request) => ({
      message: 'Podcast category updated',
      result: await service.renameCategory(app.db, request.params.id, request.body.name),
    }),
  });

  app.route({
    ...endpointRoute(app, podcasts.removeCategory, {
      audit: { entity: 'podcast-category', before: categoryBefore },
    }),
    handler: async (request) => {
      await service.deleteCategory(app.db, request.params.id);
      return { message: 'Podcast category deleted' };
    },
  });
};
