import type { MemberRendering } from './member-pages.ts';

/**
 * How the web app talks to the API: in-process through the server's `inject()`, with the user's
 * cookies forwarded, so every read and write passes the API's own validation and authorisation.
 * The server implements it (apps/server/src/plugins/web.ts); loaders and actions use it.
 */
export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  /** Set-Cookie headers the API answered with; loaders and actions pass them on to the browser. */
  setCookies: string[];
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON value, or raw bytes (e.g. a multipart form) with their `content-type` in `headers`. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * A file is expected: a success's body comes back as a `ReadableStream` of its bytes while the
   * API is still sending them; any other answer (a JSON refusal) is read as usual.
   */
  stream?: boolean;
}

/** Calls `/api/v1{path}` as the user of the current page request. */
export type ApiClient = (path: string, options?: ApiRequestOptions) => Promise<ApiResponse>;

/** What the server hands each page rendering besides the API client. */
export interface PageOptions {
  /** The site's address as the person is using it (links they follow at once). */
  publicUrl: string;
  /** The nonce the answer's Content-Security-Policy allows inline scripts with. */
  nonce: string;
  /** Payments and bank lookups are the sandbox: every page says no real money moves. */
  sandbox: boolean;
  /**
   * The key the web app signs its own short-lived cookies with (the flash message, the address a
   * code went to). Derived from the server's secret, never the secret itself.
   */
  cookieSecret: string;
  /**
   * The rendered page may come back gzip-encoded (with its Content-Encoding): true only when the
   * server sends the answer to the client as it is and the client accepts gzip. False when the
   * server reads the page itself (the visitors' page cache cuts it into pieces).
   */
  gzip: boolean;
  /**
   * Given only for a member's GET of a page with no cookie but the session's, the CSRF token and
   * the cookie-banner choice: told how a static page came out for them when it was shared
   * (apps/server/src/plugins/web-member-pages.ts), so other members may be given it at once.
   */
  onMemberRendering?: (rendering: MemberRendering) => void;
}
