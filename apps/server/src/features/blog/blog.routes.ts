import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usePublicCache } from '../../plugins/public-cache.ts';
import type { BlogDeps } from './blog.shared.ts';
import { blogCommentRoutes } from './blog-comments.routes.ts';
import { blogPostRoutes } from './blog-posts.routes.ts';
import { blogTaxonomyRoutes } from './blog-taxonomy.routes.ts';

/** The blog's API: posts, their comments, and the categories and authors they are filed under. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: BlogDeps = { db: app.db, storage: app.storage };
  // Visitors' reads from a short-lived cache; this scope's writes empty it (the seams' routes
  // are registered inside it).
  usePublicCache(app);
  await app.register(blogPostRoutes, { deps });
  await app.register(blogCommentRoutes);
  await app.register(blogTaxonomyRoutes, { deps });
};
