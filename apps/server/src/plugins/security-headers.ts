import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isInProcessCall } from './web-api-call.ts';

/**
 * The security headers of every answer, through helmet: a Content-Security-Policy whose scripts
 * must come from this site or carry the answer's own nonce (no `unsafe-inline` for scripts), a
 * Permissions-Policy that turns off the device features the site never uses, HSTS in
 * production, and helmet's other defaults (nosniff, frame and referrer policies...).
 *
 * helmet's middleware is made once, at start, and applied to each answer (its Fastify wrapper
 * made it anew for every request: measured, 22 µs a request against 4). The web app's own
 * in-process API calls get none of these headers: their answers never leave the process.
 */

/** Where Paystack's checkout lives: a donation form's redirect goes there. */
const PAYSTACK_CHECKOUT = 'https://checkout.paystack.com';
/** The podcast players that the post and episode pages embed (lib/sanitize-html.ts). */
const PLAYER_FRAMES = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://open.spotify.com',
  'https://embed.podcasts.apple.com',
];

/**
 * Device features the site never asks for; a script that got in anyway cannot ask either.
 * A file input's camera capture is the operating system's camera app, not governed here.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Headers that govern documents only; the built assets go without them (nosniff, the resource
 * policy and HSTS stay).
 */
const DOCUMENT_ONLY_HEADERS_OFF = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} satisfies HelmetOptions;

const nonces = new WeakMap<ServerResponse, string>();

/**
 * The script nonce of one answer, made the first time it is asked for (by the CSP header, then by
 * the page that carries it). 128 random bits, base64url: it can be written into HTML as it is.
 */
function nonceOf(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64url');
    nonces.set(response, nonce);
  }
  return nonce;
}

/** The nonce this answer's Content-Security-Policy allows inline scripts with. */
export function scriptNonce(reply: FastifyReply): string {
  return nonceOf(reply.raw);
}

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const https = config.publicUrl.startsWith('https:');
    // Vite's development server injects inline scripts of its own and talks over a websocket.
    const scripts = config.dev
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
      : ["'self'", (_req: unknown, res: ServerResponse) => `'nonce-${nonceOf(res)}'`];
    const options = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: scripts,
          scriptSrcAttr: ["'none'"],
          // Components set style attributes; styles cannot run code, so inline styles stay.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Post content may show pictures from other sites; media from S3 or a CDN.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'https:', ...originOf(config.s3?.publicUrl)],
          fontSrc: ["'self'", 'data:'],
          connectSrc: config.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
          frameSrc: PLAYER_FRAMES,
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // A donation form's answer redirects to the checkout (Paystack's, or the sandbox's at
          // the public address), and browsers apply form-action to that redirect.
          formAction: ["'self'", ...originOf(config.publicUrl), PAYSTACK_CHECKOUT],
          frameAncestors: ["'self'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Paystack's checkout reads where the donor came from; pages of other sites get the origin.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Production only: a local site on http://localhost must not pin HTTPS in the browser.
      strictTransportSecurity: config.isProduction
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
    } satisfies HelmetOptions;
    const documentHeaders = helmet(options);
    // The built scripts and styles under /assets/ are never documents: a policy for pages means
    // nothing on them, and on a slow phone every header is paid again for each file of a page.
    const assetHeaders = helmet({ ...options, ...DOCUMENT_ONLY_HEADERS_OFF });
    // helmet's middleware sets its headers before it returns (it calls its `next` at once).
    app.addHook('onRequest', (request, reply, done) => {
      if (isInProcessCall(request)) return done();
      if (request.routeOptions.url?.startsWith('/assets/')) {
        assetHeaders(request.raw, reply.raw, () => {});
        return done();
      }
      documentHeaders(request.raw, reply.raw, () => {});
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // Uploaded pictures are public and may be shown by other sites (shared links, feed
      // readers); everything else stays same-origin.
      if (request.routeOptions.url?.startsWith('/images/')) {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      }
      done();
    });
  },
  { name: 'security-headers' },
);
