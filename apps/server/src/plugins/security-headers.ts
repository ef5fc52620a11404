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
 * The headers are the same for every answer of a kind, so helmet makes them once, at start, and
 * each answer is given the list made (helmet's middleware rebuilt the policy text and drew a nonce
 * for every answer, API answers included: 4-5% of a signed-in API request's time on the bench).
 * Only pages carry inline scripts: an answer is given a nonce, and a policy that allows it, when
 * its page asks for one (`scriptNonce`); every other answer's policy allows no inline script at
 * all. The web app's own in-process API calls get none of these headers: their answers never
 * leave the process.
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

/** A header set (a value) or removed (undefined), as helmet's middleware does it. */
type HeaderList = readonly (readonly [string, string | number | readonly string[] | undefined])[];

/** What a helmet middleware does to an answer's headers, recorded once to be given to each. */
function headersOf(middleware: ReturnType<typeof helmet>): HeaderList {
  const list: [string, string | number | readonly string[] | undefined][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      list.push([name.toLowerCase(), value]);
      return recorder;
    },
    removeHeader(name: string) {
      list.push([name.toLowerCase(), undefined]);
    },
  };
  middleware({} as never, recorder as never, () => {});
  return list;
}

function giveHeaders(response: ServerResponse, list: HeaderList) {
  for (const [name, value] of list) {
    if (value === undefined) response.removeHeader(name);
    else response.setHeader(name, value);
  }
}

/** Stands for the nonce in the pages' policy made at start; each page's own is put in its place. */
const NONCE_PLACE = 'nonce-place';

const nonces = new WeakMap<ServerResponse, string>();
/**
 * Each server's page policy (by its configuration, which its route contexts share), cut where the
 * nonce goes; undefined in development, whose pages need none.
 */
const pagePolicies = new WeakMap<object, readonly [string, string] | undefined>();

/**
 * The nonce this answer's inline scripts carry: made the first time a page asks for it (128
 * random bits, base64url, so it can be written into HTML as it is), when the answer's
 * Content-Security-Policy becomes the pages' one that allows scripts with this nonce.
 */
export function scriptNonce(reply: FastifyReply): string {
  const response = reply.raw;
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64url');
    nonces.set(response, nonce);
    const policy = pagePolicies.get(reply.server.config);
    if (policy)
      response.setHeader('content-security-policy', `${policy[0]}nonce-${nonce}${policy[1]}`);
  }
  return nonce;
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
    const pageScripts = config.dev
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
      : ["'self'", `'${NONCE_PLACE}'`];
    const optionsWithScripts = (scripts: string[]) =>
      ({
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
      }) satisfies HelmetOptions;
    // An answer that is not a page runs no inline script; in development every page may.
    const answerHeaders = headersOf(
      helmet(optionsWithScripts(config.dev ? pageScripts : ["'self'"])),
    );
    const pagePolicy = headersOf(helmet(optionsWithScripts(pageScripts))).find(
      ([name]) => name === 'content-security-policy',
    )?.[1];
    const [before, after] = String(pagePolicy).split(NONCE_PLACE);
    pagePolicies.set(config, config.dev || after === undefined ? undefined : [before ?? '', after]);
    // The built scripts and styles under /assets/ are never documents: a policy for pages means
    // nothing on them, and on a slow phone every header is paid again for each file of a page.
    const assetHeaders = headersOf(
      helmet({ ...optionsWithScripts(["'self'"]), ...DOCUMENT_ONLY_HEADERS_OFF }),
    );
    app.addHook('onRequest', (request, reply, done) => {
      if (isInProcessCall(request)) return done();
      if (request.routeOptions.url?.startsWith('/assets/')) {
        giveHeaders(reply.raw, assetHeaders);
        return done();
      }
      giveHeaders(reply.raw, answerHeaders);
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
