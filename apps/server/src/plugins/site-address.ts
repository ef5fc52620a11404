import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackHost } from '../config.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The site's address as the person is using it, for links the browser follows straight away
     * (a checkout and its way back): PUBLIC_URL in production; in local mode the address in the
     * browser's bar, so someone browsing at 127.0.0.1 is not sent to localhost, where they have
     * no session and no cookie choice. Emails keep PUBLIC_URL: they are read later, elsewhere.
     */
    readonly siteUrl: string;
  }
}

/** Health checks come from load balancers by the instance's own address. */
const ANY_HOST_PATHS = new Set(['/healthz', '/readyz']);

/** The name and port of a Host value (IPv6 in brackets), the port defaulting by protocol. */
function hostParts(host: string, protocol: string): { name: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host);
  const name = (match?.[1] ?? host).replace(/^\[|\]$/g, '');
  const port = match?.[2] ? Number(match[2]) : protocol === 'https' ? 443 : 80;
  return { name, port };
}

/**
 * The address in use, when it may stand for the site: the public one, or this machine's own
 * (a loopback name on the port the server listens on: the developer's browser). Any other Host
 * header is the client's word and is never used in links.
 */
export function siteUrlOf(
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  config: { isProduction: boolean; publicUrl: string; port: number },
): string {
  if (config.isProduction) return config.publicUrl;
  const host = request.host;
  if (!host || !/^[\w.:[\]-]+$/.test(host)) return config.publicUrl;
  if (host === new URL(config.publicUrl).host) return `${request.protocol}://${host}`;
  const { name, port } = hostParts(host, request.protocol);
  if (!isLoopbackHost(name) || port !== config.port) return config.publicUrl;
  return `${request.protocol}://${host}`;
}

/**
 * In production every request for another host name (an old domain, the bare IP, a `www.`) is
 * redirected to PUBLIC_URL before anything else runs, so sessions, cookie choices and links all
 * live on one address. Health checks and the server's own in-process calls are left alone.
 */
export const siteAddressPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    app.decorateRequest('siteUrl', {
      getter(this: FastifyRequest) {
        return siteUrlOf(this, config);
      },
    });
    if (!config.isProduction) return;
    const canonical = new URL(config.publicUrl);
    app.addHook('onRequest', async (request, reply) => {
      if (!(request.raw.socket instanceof net.Socket)) return;
      if (request.host === canonical.host) return;
      if (ANY_HOST_PATHS.has(request.url.split('?', 1)[0] ?? '')) return;
      // 308 keeps the method and body of a form post; a path is always appended to the origin.
      const path = request.url.startsWith('/') ? request.url : `/${request.url}`;
      return reply
        .status(308)
        .header('location', `${canonical.origin}${path}`)
        .header('cache-control', 'no-store')
        .send();
    });
  },
  { name: 'site-address' },
);
