import { Writable } from 'node:stream';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { type HttpAnswer, httpRequest } from '../../test/http.ts';
import type { Config } from '../config.ts';
import { registerErrorHandling } from './errors.ts';
import { REQUEST_WINDOW_MS, requestLimitsPlugin } from './request-limits.ts';

/** A real HTTP request (the limit ignores in-process `inject()` calls). */
export function request(
  port: number,
  path: string,
  options: { localAddress?: string; method?: string } = {},
): Promise<HttpAnswer> {
  return httpRequest(port, path, options);
}

export async function statuses(port: number, path: string, count: number): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await request(port, path)).status);
  return result;
}

const apps: FastifyInstance[] = [];

/** Closes the servers `limitedServer` started (each test file calls it after each test). */
export async function closeLimitedServers(): Promise<void> {
  for (const app of apps.splice(0)) await app.close();
}

/**
 * A server with the routes the limit tells apart: API, the web app's catch-all page route, a
 * built asset, an image and the health checks.
 */
export async function limitedServer(
  settings: {
    max: number;
    redisUrl?: string;
    dev?: boolean;
    store?: FastifyRateLimitStore;
    now?: () => number;
    pauseAfterFailureMs?: number;
  },
  logLines?: string[],
): Promise<{ app: FastifyInstance; port: number }> {
  const logger: FastifyBaseLogger | undefined = logLines
    ? pino(
        { level: 'info' },
        new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      )
    : undefined;
  const app = Fastify(logger ? { loggerInstance: logger } : { logger: false });
  apps.push(app);
  registerErrorHandling(app);
  app.decorate('config', {
    apiRequestsPerMinute: settings.max,
    redisUrl: settings.redisUrl,
    dev: settings.dev ?? false,
  } as Config);
  await app.register(requestLimitsPlugin, {
    ...(settings.store ? { store: settings.store } : {}),
    ...(settings.now ? { now: settings.now } : {}),
    ...(settings.pauseAfterFailureMs ? { pauseAfterFailureMs: settings.pauseAfterFailureMs } : {}),
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async () => ({ status: 'ready' }));
  app.get('/api/v1/things', async () => ({ results: [] }));
  app.post('/api/v1/things', async () => ({ ok: true }));
  app.get('/api/v1/via-web', async (req) => ({ ip: req.ip }));
  app.get('/assets/app-1234.js', async (_req, reply) => reply.type('text/javascript').send(''));
  app.get('/images/*', async (_req, reply) => reply.type('image/webp').send(Buffer.alloc(1)));
  // The web app's page route: it calls the API in-process, as plugins/web.ts does.
  app.get('/*', async (req, reply) => {
    const api = await app.inject({ url: '/api/v1/via-web', remoteAddress: req.ip });
    return reply.type('text/html').send(`<p>${api.statusCode}</p>`);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, port: address.port };
}

/** A clock the test moves by hand. */
export function manualClock(start = 1_000_000) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

/** One count of a store, as @fastify/rate-limit asks for it. */
export function incr(
  store: FastifyRateLimitStore,
  key: string,
  windowMs = REQUEST_WINDOW_MS,
): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) => {
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error) : resolve(result)),
      windowMs,
      10,
    );
  });
}
