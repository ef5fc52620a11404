import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { ApiClient } from '@ipatient/contracts/api-client';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { webBuildDir, webDir } from '../paths.ts';

/** What the web app's `entry.server` exports besides its request handler. */
interface WebEntryModule {
  createLoadContext(call: ApiClient): RouterContextProvider;
}

const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language', 'x-request-id'] as const;

/**
 * The web app's loaders and actions call the API in-process through `inject()`, as the user of
 * the page request (cookies and client address forwarded), so they pass the API's own
 * validation, authorisation and rate limits.
 */
export function createApiCall(app: FastifyInstance, request: FastifyRequest): ApiClient {
  return async (apiPath, options = {}) => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    headers['x-request-id'] = request.id;
    Object.assign(headers, options.headers);
    const response = await app.inject({
      method: options.method ?? 'GET',
      url: `/api/v1${apiPath}`,
      headers,
      remoteAddress: request.ip,
      ...(options.body === undefined ? {} : { payload: options.body as string | object }),
    });
    const setCookie = response.headers['set-cookie'];
    const setCookies =
      setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    const contentType = String(response.headers['content-type'] ?? '');
    const body = contentType.includes('application/json') ? response.json() : response.body;
    return { status: response.statusCode, body, setCookies };
  };
}

const ALL_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Builds the web app when it is missing, e.g. in tests run straight after `npm ci`. */
export function webBuildExists(): boolean {
  return fs.existsSync(path.join(webBuildDir, 'server/index.js'));
}

/**
 * Serves the React Router app: built assets from `build/client` and server rendering for every
 * other path. In development, Vite runs in middleware mode inside this same server (hot reload).
 */
export async function registerWeb(
  app: FastifyInstance,
  options: { dev: boolean; mode: string },
): Promise<void> {
  let getBuild: () => Promise<ServerBuild>;
  let getHandler: () => Promise<ReturnType<typeof createRequestHandler>>;
  let devMiddleware: ((req: FastifyRequest, reply: FastifyReply) => Promise<boolean>) | undefined;

  if (options.dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: webDir,
      configFile: path.join(webDir, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    });
    app.addHook('onClose', async () => vite.close());
    getBuild = async () =>
      (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
    getHandler = async () => createRequestHandler(await getBuild(), options.mode);
    devMiddleware = (req, reply) =>
      new Promise<boolean>((resolve) => {
        reply.raw.once('finish', () => resolve(true));
        vite.middlewares(req.raw, reply.raw, () => resolve(false));
      });
  } else {
    const buildUrl = pathToFileURL(path.join(webBuildDir, 'server/index.js')).href;
    const build = (await import(buildUrl)) as ServerBuild;
    getBuild = async () => build;
    const handler = createRequestHandler(build, options.mode);
    getHandler = async () => handler;
    await app.register(fastifyStatic, {
      root: path.join(webBuildDir, 'client'),
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const relative = path.relative(path.join(webBuildDir, 'client'), filePath);
        reply.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600',
        );
      },
    });
  }

  await app.register(async (scope) => {
    // Actions read the raw body themselves: nothing is parsed here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.route({
      method: ALL_METHODS,
      url: '/*',
      handler: async (request, reply) => {
        if (devMiddleware) {
          reply.hijack();
          if (await devMiddleware(request, reply)) return;
        }
        const [build, handle] = await Promise.all([getBuild(), getHandler()]);
        const entry = build.entry.module as unknown as WebEntryModule;
        const webRequest = createRequest(request.raw, reply.raw);
        const response = await handle(
          webRequest,
          entry.createLoadContext(createApiCall(app, request)),
        );
        if (devMiddleware) {
          await sendResponse(reply.raw, response);
          return;
        }
        reply.status(response.status);
        for (const [name, value] of response.headers) {
          if (name !== 'set-cookie') reply.header(name, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-cache');
        // Pages render in a few milliseconds and use no streamed (deferred) data, so the whole
        // document is compressed in one piece: fewer stream hops and a better brotli ratio.
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  });
}
