import { Writable } from 'node:stream';
import type { PageOptions } from '@ipatient/contracts/api-client';
import type { MemberPageFiller } from '@ipatient/contracts/member-pages';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, RouterContextProvider, ServerRouter } from 'react-router';
import { type ApiClient, apiContext } from './lib/api-context.ts';
import { cookieSecretContext } from './lib/cookie-secret.server.ts';
import { rendersStatic } from './lib/hydration.ts';
import { memberRenderingOf, personalValuesOf } from './lib/member-pages.server.ts';
import { NonceContext, pageContext } from './lib/page-context.ts';
import {
  createRenderMemo,
  cutAtMarks,
  fillMarks,
  gzipMarks,
  type MarkedRendering,
  markPersonalValues,
  NONCE_MARK,
  renderingKey,
} from './lib/render-memo.server.ts';
import { sessionContext } from './lib/session.server.ts';

export const streamTimeout = 5_000;

/** Builds the context loaders and actions see; the server calls this for every page request. */
export function createLoadContext(call: ApiClient, options: PageOptions): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, { call, publicUrl: options.publicUrl });
  context.set(pageContext, {
    nonce: options.nonce,
    sandbox: options.sandbox,
    gzip: options.gzip,
    onMemberRendering: options.onMemberRendering,
  });
  context.set(cookieSecretContext, options.cookieSecret);
  return context;
}

/** Renderings of static pages shared by readers whose page data is the same (lib/render-memo). */
const renderings = createRenderMemo();

/**
 * For the server: a member's page from a shared rendering, without running the app again
 * (lib/member-pages.server.ts). Undefined once the rendering is gone.
 */
export const memberPages: MemberPageFiller = {
  valuesOf: personalValuesOf,
  fill(key, values, places, nonce, gzip, ended) {
    const stored = ended ? renderings.ended(key) : renderings.get(key);
    if (!stored) return undefined;
    const gzipped = gzip ? gzipMarks(stored, values, nonce, places) : undefined;
    if (gzipped) return { body: gzipped, gzipped: true };
    return { body: fillMarks(stored, values, nonce, places), gzipped: false };
  },
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const { nonce, gzip } = loadContext.get(pageContext);
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const respond = (body: Uint8Array | string, status: number) => {
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(
      typeof body === 'string'
        ? body
        : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength),
      {
        headers: responseHeaders,
        status,
      },
    );
  };
  const handler = routerContext.staticHandlerContext;
  if (
    request.method.toUpperCase() === 'GET' &&
    responseStatusCode === 200 &&
    !handler.errors &&
    !handler.actionData &&
    rendersStatic(handler.matches, routerContext.routeModules)
  ) {
    const { data, values, places } = markPersonalValues(handler.loaderData);
    const key = renderingKey(request.url, responseStatusCode, data);
    if (key !== undefined) {
      const pageHeaders = [...responseHeaders];
      /** Tells the server how this member's page was made, so others may be given it at once. */
      const tellServer = async (rendering: MarkedRendering) => {
        const onMemberRendering = loadContext.get(pageContext).onMemberRendering;
        if (!onMemberRendering) return;
        try {
          const user = await loadContext.get(sessionContext).user();
          if (!user) return;
          const made = memberRenderingOf({
            renderingKey: key,
            routeIds: handler.matches.map((match) => match.route.id),
            loaderData: handler.loaderData,
            markedData: data,
            values,
            places,
            pieces: rendering.pieces,
            user,
            headers: pageHeaders,
          });
          if (made) onMemberRendering(made);
        } catch (error) {
          // Only a later member's shortcut is lost: this page is sent as it is.
          console.error('recording a member rendering failed', error);
        }
      };
      const stored = renderings.get(key);
      if (stored) {
        await tellServer(stored);
        responseHeaders.set('x-shared-rendering', 'hit');
        // The page goes to a client that accepts gzip as it is: it goes out from its pieces
        // compressed once. (Never when the server reads the page itself: see PageOptions.)
        const gzipped = gzip ? gzipMarks(stored, values, nonce, places) : undefined;
        if (gzipped) {
          responseHeaders.set('Content-Encoding', 'gzip');
          responseHeaders.append('Vary', 'Accept-Encoding');
          return respond(gzipped, 200);
        }
        return respond(fillMarks(stored, values, nonce, places), 200);
      }
      const marked = await renderPage(
        { ...routerContext, staticHandlerContext: { ...handler, loaderData: data } },
        request.url,
        NONCE_MARK,
      );
      const cut =
        marked.status === 200 ? cutAtMarks(marked.body.toString(), values.length) : undefined;
      if (cut) {
        renderings.offer(key, cut);
        await tellServer(cut);
        return respond(fillMarks(cut, values, nonce, places), 200);
      }
    }
  }
  const page = await renderPage(routerContext, request.url, nonce, responseStatusCode);
  return respond(page.body, page.status);
}

/**
 * Renders the page to the end and gathers its bytes as they are: the server sends a page whole
 * (compressed in one piece, or stored), so no web stream stands between.
 */
function renderPage(
  routerContext: EntryContext,
  url: string,
  nonce: string | undefined,
  status = 200,
): Promise<{ body: Buffer; status: number }> {
  return new Promise((resolve, reject) => {
    let allRendered = false;
    let statusCode = status;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timeoutId);
        resolve({ body: Buffer.concat(chunks), status: statusCode });
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          allRendered = true;
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          if (allRendered) console.error(error);
        },
      },
    );
  });
}
