import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { ApiClient, PageOptions } from '@ipatient/contracts/api-client';
import { cookieNames } from '@ipatient/contracts/constants';
import type { MemberPageFiller, MemberRendering } from '@ipatient/contracts/member-pages';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { cookieHeader, readCookie, readCookies, webCookieSecret } from '../lib/cookies.ts';
import { takingTurns } from '../lib/taking-turns.ts';
import { WEB_PAGES_ROUTE } from '../lib/web-route.ts';
import { webBuildDir, webDir } from '../paths.ts';
import { pageCompression } from './compression.ts';
import {
  acceptsGzip,
  type CachedPage,
  type CutPage,
  consentOf,
  cutAtSlots,
  fillSlots,
  gzipAround,
  isAnonymousRequest,
  leadersAnswer,
  type PageSlot,
  publicCaches,
} from './public-cache.ts';
import { scriptNonce } from './security-headers.ts';
import { createApiCall } from './web-api-call.ts';
import { memberPageKey, memberPages } from './web-member-pages.ts';
import { prepareSession } from './web-session.ts';

/** What the web app's `entry.server` exports besides its request handler. */
interface WebEntryModule {
  createLoadContext(call: ApiClient, options: PageOptions): RouterContextProvider;
  /** Members' pages from shared renderings (plugins/web-member-pages.ts). */
  memberPages: MemberPageFiller;
}

/**
 * Pages rendered at once; the others wait their turn, first come first served. A rendering is
 * CPU work (its loaders' in-process API calls and React) with short waits on the database, so a
 * few at once keep both cores busy; fifty at once would only hold fifty pages' data and buffers
 * in memory and make every one of them finish late (see bench/results/profile.md).
 */
export const PAGES_RENDERED_AT_ONCE = 4;

const ALL_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const FORM_TOO_LARGE = 'The form is too large. Please choose a smaller file.';

/** Largest form a page accepts (a profile photo and its fields). */
const MAX_FORM_BYTES = 6 * 1024 * 1024;
/**
 * The campaign wizard's long form, posted without JavaScript, carries the cover and up to five
 * medical documents of 5 MB each: only its two pages accept that much.
 */
const MAX_WIZARD_FORM_BYTES = 28 * 1024 * 1024;
const WIZARD_PAGES = /^\/(crowdfunding\/create|campaigns\/[^/?#]+\/edit)\/?(\?|$)/i;

/** The form limit of a page address. */
export function formLimitOf(url: string): number {
  return WIZARD_PAGES.test(url) ? MAX_WIZARD_FORM_BYTES : MAX_FORM_BYTES;
}

/** Passes a body through, failing with a 413 once it is past `limit` bytes. */
function limitedBody(payload: NodeJS.ReadableStream, limit: number): Transform {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) {
        done(Object.assign(new Error(FORM_TOO_LARGE), { statusCode: 413 }));
        return;
      }
      done(null, chunk);
    },
  });
  payload.on('error', (error) => counter.destroy(error));
  return payload.pipe(counter);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A page rendered for the visitors' cache carries these in place of the visitor's CSRF token
 * and script nonce. They are made by this process, random and never sent to anyone (every copy
 * gets its own values in their place), so a page is cut only where the server put them, never
 * at something a client sent or wrote into the page.
 */
const SLOT_MARKS: Record<PageSlot, string> = {
  csrf: `csrfslot${randomBytes(18).toString('hex')}`,
  nonce: `nonceslot${randomBytes(18).toString('hex')}`,
};

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

  const { pages } = publicCaches(app);
  const members = memberPages(app);
  // The web app signs its own short-lived cookies with a key of its own, made from the server's.
  const cookieSecret = webCookieSecret(app.config.jwtSecret);
  /** Page renderings under way, at most PAGES_RENDERED_AT_ONCE (the rest wait in order). */
  const renderings = takingTurns(PAGES_RENDERED_AT_ONCE);

  await app.register(async (scope) => {
    // Actions parse the body themselves; it is only collected here, counting the bytes actually
    // received (a chunked body has no Content-Length to check), and refused past the limit.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_WIZARD_FORM_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Every other page keeps the smaller limit, counted on the bytes as they arrive.
    scope.addHook('preParsing', async (request, _reply, payload) => {
      const limit = formLimitOf(request.url);
      if (limit >= MAX_WIZARD_FORM_BYTES) return payload;
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit) {
        throw Object.assign(new Error(FORM_TOO_LARGE), { statusCode: 413 });
      }
      return limitedBody(payload, limit);
    });
    scope.setErrorHandler((error, _request, reply) => {
      if ((error as { statusCode?: number }).statusCode === 413) {
        return reply.status(413).type('text/plain; charset=utf-8').send(FORM_TOO_LARGE);
      }
      throw error;
    });

    scope.route({
      method: ALL_METHODS,
      url: WEB_PAGES_ROUTE,
      compress: pageCompression,
      handler: async (request, reply) => {
        if (devMiddleware) {
          reply.hijack();
          if (await devMiddleware(request, reply)) return;
        }
        // Decided before prepareSession, which may add cookies to the request.
        // The site address is part of the key: in local mode links follow the address in use.
        const pageKey =
          !devMiddleware && request.method === 'GET' && isAnonymousRequest(request.headers)
            ? `${request.siteUrl}${request.url}\n${consentOf(request.headers.cookie)}`
            : undefined;
        // A member's page that may be given from a shared rendering (web-member-pages.ts).
        const memberKey =
          !devMiddleware && pageKey === undefined ? memberPageKey(request) : undefined;
        const accessToken = readCookie(request.headers.cookie, cookieNames.accessToken);
        const sessionCookies = await prepareSession(app, request);
        // Always a token this server issued (prepareSession replaces any other).
        const fills: Record<PageSlot, string> = {
          csrf: readCookie(request.headers.cookie, cookieNames.csrf) ?? '',
          nonce: scriptNonce(reply),
        };
        if (pageKey === undefined) {
          // Only with the session as it came: a refreshed one goes through the web app.
          const member =
            memberKey !== undefined &&
            readCookie(request.headers.cookie, cookieNames.accessToken) === accessToken
              ? memberKey
              : undefined;
          if (member !== undefined) {
            const { memberPages: filler } = (await getBuild()).entry
              .module as unknown as WebEntryModule;
            if (await members.give(request, reply, member, filler, fills, sessionCookies)) {
              return reply;
            }
          }
          const rendering = renderPage(
            request,
            reply,
            fills.nonce,
            'sent',
            member === undefined ? undefined : members.recorder(member),
          );
          if (member !== undefined) members.making(member, rendering);
          return sendPage(reply, await rendering, sessionCookies);
        }

        const sendStored = (hit: CachedPage) => {
          reply.status(hit.status);
          for (const [name, value] of hit.headers) reply.header(name, value);
          if (sessionCookies.length > 0) reply.header('set-cookie', sessionCookies);
          reply.header('x-public-cache', 'hit');
          // Browsers accept gzip: the page goes out from its pieces compressed once, with only
          // the visitor's own token and nonce compressed for them.
          if (acceptsGzip(request.headers)) {
            reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
            return reply.send(gzipAround(hit, fills));
          }
          return reply.send(fillSlots(hit, fills));
        };
        // A visitor's page: stored for PUBLIC_CACHE_TTL_MS, rendered once however many ask.
        const stored = pages.get(pageKey);
        if (stored) return sendStored(stored);
        const led: { rendering?: Promise<VisitorsRendering> } = {};
        const flight = pages.fetch(pageKey, {
          context: () => {
            led.rendering = renderForVisitors(request, reply);
            return led.rendering.then((rendering) => rendering.stored);
          },
        });
        if (led.rendering) {
          flight.catch(() => {});
          const { response, page } = await led.rendering;
          setPageHeaders(reply, response, sessionCookies);
          return page ? reply.send(fillSlots(page, fills)) : reply.send();
        }
        const shared = await leadersAnswer(flight);
        if (shared) return sendStored(shared);
        // Nothing to share (an error, a redirect...): this visitor gets a rendering of their own.
        return sendPage(
          reply,
          await renderPage(request, reply, fills.nonce, 'sent'),
          sessionCookies,
        );
      },
    });
  });

  /**
   * Runs the web app for this request: its loaders, actions and server rendering. A page `sent`
   * goes to the client as it comes back, so it may come gzip-encoded when the client accepts
   * that; a page `read` is read here (the visitors' cache cuts it) and always comes as text.
   */
  async function renderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    nonce: string,
    use: 'sent' | 'read',
    onMemberRendering?: (rendering: MemberRendering) => void,
  ): Promise<Response> {
    // Each rendering starts on a later turn of the event loop (lib/taking-turns.ts): measured
    // without that, waiting account pages held the event loop for 250 ms at a time.
    return renderings(async () => {
      // Whoever asked has gone while the page waited its turn: nobody would read it.
      if (reply.raw.destroyed) return new Response(null, { status: 503 });
      return renderNow(request, reply, nonce, use, onMemberRendering);
    });
  }

  async function renderNow(
    request: FastifyRequest,
    reply: FastifyReply,
    nonce: string,
    use: 'sent' | 'read',
    onMemberRendering?: (rendering: MemberRendering) => void,
  ): Promise<Response> {
    const [build, handle] = await Promise.all([getBuild(), getHandler()]);
    const entry = build.entry.module as unknown as WebEntryModule;
    return handle(
      webRequest(request, reply),
      entry.createLoadContext(createApiCall(app, request), {
        publicUrl: request.siteUrl,
        nonce,
        sandbox: app.config.payments === 'sandbox',
        cookieSecret,
        gzip: use === 'sent' && acceptsGzip(request.headers),
        ...(onMemberRendering ? { onMemberRendering } : {}),
      }),
    );
  }

  /** The status and headers of a rendered page; the session's cookies go first. */
  function setPageHeaders(reply: FastifyReply, response: Response, sessionCookies: string[]) {
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') reply.header(name, value);
    }
    // The page's own cookies come last, so a logout's clearing wins over a refresh.
    const cookies = [...sessionCookies, ...response.headers.getSetCookie()];
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-cache');
  }

  async function sendPage(reply: FastifyReply, response: Response, sessionCookies: string[]) {
    if (devMiddleware) {
      for (const line of sessionCookies) response.headers.append('set-cookie', line);
      await sendResponse(reply.raw, response);
      return;
    }
    setPageHeaders(reply, response, sessionCookies);
    // A file (a member's data, a CSV list) goes out as the web app streams it, never read whole.
    if (response.body && response.headers.get('content-disposition')?.startsWith('attachment')) {
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
    }
    // Pages render in a few milliseconds and use no streamed (deferred) data, so the whole
    // document is compressed in one piece: fewer stream hops and a better brotli ratio.
    if (!response.body) return reply.send();
    return reply.send(Buffer.from(await response.arrayBuffer()));
  }

  /**
   * A rendering other visitors may be given: made with the slot marks in place of this visitor's
   * token and nonce (put back for each visitor), and stored when it is a plain 200 page that sets
   * no cookie.
   */
  async function renderForVisitors(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<VisitorsRendering> {
    const cookies = readCookies(request.headers.cookie);
    cookies[cookieNames.csrf] = SLOT_MARKS.csrf;
    request.headers.cookie = cookieHeader(cookies);
    const response = await renderPage(request, reply, SLOT_MARKS.nonce, 'read');
    if (!response.body) return { response, page: undefined, stored: undefined };
    const page = cutAtSlots(await response.text(), SLOT_MARKS);
    const storable =
      response.status === 200 &&
      response.headers.getSetCookie().length === 0 &&
      response.headers.get('content-type')?.startsWith('text/html') === true;
    if (!storable) return { response, page, stored: undefined };
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') headers.push([name, value]);
    }
    if (!response.headers.has('cache-control')) headers.push(['cache-control', 'no-cache']);
    return { response, page, stored: { status: 200, headers, ...page } };
  }
}

/** The leader's rendering of a visitor's page, and what of it the cache keeps. */
interface VisitorsRendering {
  response: Response;
  /** The page cut at its slots; undefined when it has no body (a redirect). */
  page: CutPage | undefined;
  stored: CachedPage | undefined;
}

/**
 * The Fetch request React Router renders: URL, headers and abort signal from the Node request,
 * and the body as the page route collected it (already counted against the form limit).
 */
function webRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const base = createRequest(request.raw, reply.raw);
  if (!Buffer.isBuffer(request.body)) return base;
  return new Request(base.url, {
    method: base.method,
    headers: base.headers,
    signal: base.signal,
    body: new Uint8Array(request.body),
  });
}
