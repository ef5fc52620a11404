import { errorTexts, limits } from '@ipatient/contracts';
import { blankToUndefined, ZMessageResponse } from '@ipatient/contracts/accounts';
import {
  ZPodcastCategoryListResponse,
  ZPodcastCategoryRequest,
  ZPodcastCategoryResponse,
  ZPodcastEpisodeListResponse,
  ZPodcastEpisodeResponse,
  ZPodcastListQuery,
} from '@ipatient/contracts/podcasts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm } from '../../plugins/multipart.ts';
import * as service from './podcasts.service.ts';

const podcastSearchMax = 100;

const tags = ['Podcasts'];
const bearer = [{ bearerAuth: [] }];
const ZEpisodeIdParams = z.object({ id: z.uuid({ error: 'Not a podcast episode id' }) });
const ZCategoryIdParams = z.object({ id: z.uuid({ error: 'Not a podcast category id' }) });
const imageLimit = {
  image: { maxBytes: limits.imageMaxBytes, tooLarge: errorTexts.imageTooLarge },
};
const multipartBody = ['multipart/form-data', 'application/json'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?search=` on top of the shared list query: words of the title, or the episode number. */
const ZEpisodeListQuery = ZPodcastListQuery.extend({
  search: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(podcastSearchMax, { error: `search must be at most ${podcastSearchMax} characters` })
      .optional(),
  ),
});

/** The `:id` of a request when it is a well-formed id (the audit's `before` runs on any input). */
function paramId(request: FastifyRequest): string | undefined {
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && UUID.test(id) ? id : undefined;
}
const episodeFormHelp =
  'Multipart fields: title, number (unique, positive), releaseDate (YYYY-MM-DD), duration (minutes: "45" or "45 min"), summary (HTML, sanitized), category (a podcast category id), channels (a JSON array string of {source: youtube|spotify|apple|other, link}), producedBy, and the `image` file (PNG, JPEG or WebP, at most 850 KB). A JSON body with the same fields (channels as an array) is accepted too.';

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
  /** The audit log's "before" of an episode or a category (null when there is none). */
  const episodeBefore = async (request: FastifyRequest) => {
    const id = paramId(request);
    return id ? service.episodeAuditSummary(app.db, id) : null;
  };
  const categoryBefore = async (request: FastifyRequest) => {
    const id = paramId(request);
    return id ? service.categoryAuditSummary(app.db, id) : null;
  };

  app.get(
    '/get-podcasts',
    {
      schema: {
        tags,
        summary: 'Podcast episodes, newest release first, optionally of one category',
        description:
          '`search` (optional) keeps the episodes whose title contains it, or whose number it is.',
        querystring: ZEpisodeListQuery,
        response: { 200: ZPodcastEpisodeListResponse },
      },
    },
    async (request) => ({
      message: 'Podcasts fetched',
      ...(await service.listEpisodes(app.db, request.query)),
    }),
  );

  app.get(
    '/get-single-podcast/:id',
    {
      schema: {
        tags,
        summary: 'One podcast episode',
        params: ZEpisodeIdParams,
        response: { 200: ZPodcastEpisodeResponse },
      },
    },
    async (request) => ({
      message: 'Podcast fetched',
      result: await service.getEpisode(app.db, request.params.id),
    }),
  );

  app.get(
    '/get-podcast-categories/',
    {
      schema: {
        tags,
        summary: 'Every podcast category, by name',
        response: { 200: ZPodcastCategoryListResponse },
      },
    },
    async () => ({
      message: 'Podcast categories fetched',
      results: await service.listCategories(app.db),
    }),
  );

  app.post(
    '/post-podcast',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'podcast' } },
      schema: {
        tags,
        summary: 'Admins: publish a podcast episode (multipart)',
        description: episodeFormHelp,
        consumes: multipartBody,
        security: bearer,
        response: { 201: ZPodcastEpisodeResponse },
      },
    },
    async (request, reply) => {
      const form = await readEpisodeForm(request);
      const result = await service.createEpisode(deps, form.fields, form.files.image);
      return reply.status(201).send({ message: 'Podcast episode published', result });
    },
  );

  app.put(
    '/update-podcast/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'podcast', before: episodeBefore } },
      schema: {
        tags,
        summary: 'Admins: change a podcast episode (multipart, every field optional)',
        description: `${episodeFormHelp} Channels sent replace the stored ones.`,
        consumes: multipartBody,
        security: bearer,
        params: ZEpisodeIdParams,
        response: { 200: ZPodcastEpisodeResponse },
      },
    },
    async (request) => {
      const form = await readEpisodeForm(request);
      const result = await service.updateEpisode(
        deps,
        request.params.id,
        form.fields,
        form.files.image,
      );
      return { message: 'Podcast episode updated', result };
    },
  );

  app.delete(
    '/delete-podcast/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'podcast', before: episodeBefore } },
      schema: {
        tags,
        summary: 'Admins: delete a podcast episode and its images',
        security: bearer,
        params: ZEpisodeIdParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await service.deleteEpisode(deps, request.params.id);
      return { message: 'Podcast episode deleted' };
    },
  );

  app.post(
    '/admin/podcast_category',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'podcast-category' } },
      schema: {
        tags,
        summary: 'Admins: add a podcast category (names are unique whatever their case)',
        security: bearer,
        body: ZPodcastCategoryRequest,
        response: { 201: ZPodcastCategoryResponse },
      },
    },
    async (request, reply) => {
      const result = await service.createCategory(app.db, request.body.name);
      return reply.status(201).send({ message: 'Podcast category created', result });
    },
  );

  app.put(
    '/admin/podcast_category/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'podcast-category', before: categoryBefore } },
      schema: {
        tags,
        summary: 'Admins: rename a podcast category',
        security: bearer,
        params: ZCategoryIdParams,
        body: ZPodcastCategoryRequest,
        response: { 200: ZPodcastCategoryResponse },
      },
    },
    async (request) => ({
      message: 'Podcast category updated',
      result: await service.renameCategory(app.db, request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/admin/podcast_category/:id',
    {
      preHandler: app.requireAdmin,
      config: { audit: { entity: 'podcast-category', before: categoryBefore } },
      schema: {
        tags,
        summary: 'Admins: delete a podcast category that has no episodes',
        security: bearer,
        params: ZCategoryIdParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await service.deleteCategory(app.db, request.params.id);
      return { message: 'Podcast category deleted' };
    },
  );
};
