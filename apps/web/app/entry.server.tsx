import { Writable } from 'node:stream';
import type { PageOptions } from '@ipatient/contracts/api-client';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, RouterContextProvider, ServerRouter } from 'react-router';
import { type ApiClient, apiContext } from './lib/api-context.ts';
import { cookieSecretContext } from './lib/cookie-secret.server.ts';
import { NonceContext, pageContext } from './lib/page-context.ts';

export const streamTimeout = 5_000;

/** Builds the context loaders and actions see; the server calls this for every page request. */
export function createLoadContext(call: ApiClient, options: PageOptions): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, { call, publicUrl: options.publicUrl });
  context.set(pageContext, { nonce: options.nonce, sandbox: options.sandbox });
  context.set(cookieSecretContext, options.cookieSecret);
  return context;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> | Response {
  const { nonce } = loadContext.get(pageContext);
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let allRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    // The server sends a page whole (compressed in one piece, or stored for visitors), so the
    // page is rendered to the end and its bytes gathered as they are, with no web stream between.
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timeoutId);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(
          new Response(Buffer.concat(chunks), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
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
          responseStatusCode = 500;
          if (allRendered) console.error(error);
        },
      },
    );
  });
}
