import { errorTexts, limits } from '@ipatient/contracts';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { readForm } from '../../plugins/multipart.ts';
import { type BlogDeps, paramId } from './blog.shared.ts';
import * as service from './blog-taxonomy.service.ts';

const { categories, authors } = endpoints.blog;
const imageLimit = { maxBytes: limits.imageMaxBytes, tooLarge: errorTexts.imageTooLarge };
const authorImage = { author_image: imageLimit };

/** Categories and authors: managed by admins, read by everyone (posts show them). */
export const blogTaxonomyRoutes: FastifyPluginAsyncZod<{ deps: BlogDeps }> = async (
  app,
  { deps },
) => {
  /** The audit log's "before" of a change: the record as it was (trimmed), by the route's id. */
  const categoryBefore = (request: FastifyRequest) =>
    service.categorySnapshot(app.db, paramId(request));
  const authorBefore = (request: FastifyRequest) =>
    service.authorSnapshot(app.db, paramId(request));

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
