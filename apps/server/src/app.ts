import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { brand } from '@ipatient/contracts';
import { type Database, migrationStatus } from '@ipatient/db';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type HTTPMethods,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config.ts';
import { accessLogRoutes } from './features/access-log/access-log.routes.ts';
import { accountDeletionJobs } from './features/account-deletion/account-deletion.jobs.ts';
import { accountDeletionRoutes } from './features/account-deletion/account-deletion.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { assertLoginAllowed, recordLoginFailure } from './features/auth/auth.limits.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { banksRoutes } from './features/banks/banks.routes.ts';
import { blogRoutes } from './features/blog/blog.routes.ts';
import { campaignReportsRoutes } from './features/campaign-reports/reports.routes.ts';
import { campaignUpdatesRoutes } from './features/campaign-updates/updates.routes.ts';
import { campaignExtensionsRoutes } from './features/campaigns/campaign-extensions.routes.ts';
import { campaignJobs } from './features/campaigns/campaigns.jobs.ts';
import { campaignsRoutes } from './features/campaigns/campaigns.routes.ts';
import { complaintsRoutes } from './features/complaints/complaints.routes.ts';
import { consentsRoutes } from './features/consents/consents.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { dataExportJobs } from './features/data-exports/data-exports.jobs.ts';
import { dataExportsRoutes } from './features/data-exports/data-exports.routes.ts';
import { donationsRoutes } from './features/donations/donations.routes.ts';
import { facilitiesRoutes } from './features/facilities/facilities.routes.ts';
import { feedsRoutes } from './features/feeds/feeds.routes.ts';
import { formDraftJobs } from './features/form-drafts/form-drafts.jobs.ts';
import { formDraftsRoutes } from './features/form-drafts/form-drafts.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { moneyRoutes } from './features/money/money.routes.ts';
import { payoutJobs } from './features/payouts/payouts.jobs.ts';
import { payoutsRoutes } from './features/payouts/payouts.routes.ts';
import { phoneRoutes } from './features/phone/phone.routes.ts';
import { podcastsRoutes } from './features/podcasts/podcasts.routes.ts';
import { retentionJobs } from './features/retention/retention.jobs.ts';
import { siteDocsRoutes } from './features/site-docs/site-docs.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { webinarsRoutes } from './features/webinars/webinars.routes.ts';
import { weeklyReviewRoutes } from './features/weekly-review/weekly-review.routes.ts';
import { clientKey } from './lib/client-key.ts';
import { auditPlugin } from './plugins/audit.ts';
import { authPlugin } from './plugins/auth/auth.plugin.ts';
import { bankLookupPlugin } from './plugins/bank-lookup/bank-lookup.plugin.ts';
import { answerCompression } from './plugins/compression.ts';
import { apiNotFoundHandler, registerErrorHandling } from './plugins/errors.ts';
import { mailPlugin } from './plugins/mail/mail.plugin.ts';
import { paymentsPlugin } from './plugins/payments/payments.plugin.ts';
import { forgetPublicAnswers } from './plugins/public-cache.ts';
import { requestLimitsPlugin } from './plugins/request-limits.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { siteAddressPlugin } from './plugins/site-address.ts';
import { smsPlugin } from './plugins/sms/sms.plugin.ts';
import { storagePlugin } from './plugins/storage/storage.plugin.ts';

import { registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Applied versus expected migrations; throws when the database is unreachable. */
    migrationStatus(): Promise<{ applied: number; expected: number }>;
  }
  interface FastifyRequest {
    /**
     * What every per-address limit counts this client under (lib/client-key.ts): its address as
     * TRUST_PROXY allows it to be read, with IPv6 cut to the /64.
     */
    readonly clientKey: string;
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
  app.decorateRequest('clientKey', {
    getter(this: FastifyRequest) {
      return clientKey(this.ip);
    },
  });
  registerErrorHandling(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Public answers and pages show more than campaigns and posts (donations, reviews, podcasts):
  // any successful write through this server, API or form, empties its public caches at once.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      forgetPublicAnswers(app);
    }
  });

  // First: a request for another host name is redirected to the public one before anything else.
  await app.register(siteAddressPlugin);
  // Next, so a client over its request limit costs as little as possible.
  await app.register(requestLimitsPlugin);
  await app.register(securityHeadersPlugin);
  // Before every route (and before compression's own per-route hooks): marks the admin routes.
  await app.register(auditPlugin);
  await app.register(fastifyCookie);
  // Per-field file limits are applied by readForm (plugins/multipart.ts).
  await app.register(fastifyMultipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 40, fieldSize: 100_000 },
  });
  await app.register(fastifyCompress, { global: true, ...answerCompression });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${brand.siteName} API`,
        version: '1.0.0',
        description: `The public API of ${brand.siteName}. Errors answer {message, code}; validation errors add per-field errors.`,
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  const https = config.publicUrl.startsWith('https:');
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The document's page has inline scripts of its own: it sends a policy with their hashes.
    staticCSP: true,
    transformStaticCSP: (header) =>
      https ? header : header.replace('upgrade-insecure-requests;', '').trim(),
  });

  await app.register(mailPlugin);
  await app.register(smsPlugin);
  await app.register(storagePlugin);
  // Its session cache listens on a connection of its own to the pool's database.
  await app.register(authPlugin, { connectionString: options.pool.options.connectionString });
  await app.register(bankLookupPlugin);
  await app.register(paymentsPlugin);
  await app.register(campaignJobs);
  await app.register(formDraftJobs);
  await app.register(accountDeletionJobs);
  await app.register(retentionJobs);
  await app.register(dataExportJobs);
  await app.register(payoutJobs);
  await app.register(healthRoutes);
  await app.register(feedsRoutes);
  await app.register(
    async (api) => {
      await api.register(siteDocsRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(phoneRoutes);
      await api.register(consentsRoutes);
      await api.register(banksRoutes);
      await api.register(campaignsRoutes);
      await api.register(campaignExtensionsRoutes);
      await api.register(campaignUpdatesRoutes);
      await api.register(campaignReportsRoutes);
      await api.register(blogRoutes);
      await api.register(podcastsRoutes);
      await api.register(contactRoutes);
      await api.register(complaintsRoutes);
      await api.register(facilitiesRoutes);
      await api.register(webinarsRoutes);
      await api.register(donationsRoutes);
      await api.register(payoutsRoutes);
      await api.register(moneyRoutes);
      await api.register(formDraftsRoutes);
      // A wrong password here counts toward sign-in's failed-login limits.
      await api.register(accountDeletionRoutes, {
        loginLimits: { assertLoginAllowed, recordLoginFailure },
      });
      await api.register(adminRoutes);
      await api.register(accessLogRoutes);
      await api.register(dataExportsRoutes);
      await api.register(weeklyReviewRoutes);
    },
    { prefix: '/api/v1' },
  );
  // Unknown API paths answer JSON, never the web app's HTML 404.
  app.route({ method: ALL_METHODS, url: '/api/*', handler: apiNotFoundHandler });

  if (options.web !== false) {
    await registerWeb(app, { dev: config.dev, mode: config.dev ? 'development' : 'production' });
  } else {
    app.setNotFoundHandler(apiNotFoundHandler);
  }
  return app;
}
