import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { brand } from '@ipatient/contracts';
import { type Database, migrationStatus } from '@ipatient/db';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type HTTPMethods } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { siteDocsRoutes } from './features/site-docs/site-docs.routes.ts';
import { apiNotFoundHandler, registerErrorHandling } from './plugins/errors.ts';
import { registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Applied versus expected migrations; throws when the database is unreachable. */
    migrationStatus(): Promise<{ applied: number; expected: number }>;
  }
}

export interface AppOptions {
  config: Config;
  db: Database;
  pool: pg.Pool;
  logger?: FastifyBaseLogger;
  /** Mount the React Router app (off in API tests). */
  web?: boolean;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;
const ALL_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Builds the whole server: API, API docs, media, health checks and the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false as const }),
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', options.db);
  app.decorate('migrationStatus', () => migrationStatus(options.pool));
  registerErrorHandling(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (config.isProduction) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    return payload;
  });

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Fast brotli for answers made per request; built assets are compressed at build time.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${brand.siteName} API`,
        version: '1.0.0',
        description: `The public API of ${brand.siteName}. Errors answer {message, code}; validation errors add per-field errors.`,
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(siteDocsRoutes);
    },
    { prefix: '/api/v1' },
  );
  // Unknown API paths answer JSON, never the web app's HTML 404.
  app.route({ method: ALL_METHODS, url: '/api/*', handler: apiNotFoundHandler });

  const uploadsDir = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/images/',
    decorateReply: false,
    index: false,
    // Stored under random keys that never change: cache for a year.
    maxAge: '365d',
    immutable: true,
    setHeaders(reply) {
      reply.header('content-security-policy', "default-src 'none'; sandbox");
    },
  });

  if (options.web !== false) {
    await registerWeb(app, { dev: config.dev, mode: config.dev ? 'development' : 'production' });
  } else {
    app.setNotFoundHandler(apiNotFoundHandler);
  }
  return app;
}
