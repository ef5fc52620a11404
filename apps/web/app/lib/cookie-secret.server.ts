import { AsyncLocalStorage } from 'node:async_hooks';
import { createContext } from 'react-router';

/**
 * The key the web app signs its own short-lived cookies with (the flash message, the address a
 * code went to): handed to each page rendering by the server (`PageOptions.cookieSecret`, made
 * from the server's secret, never the secret itself).
 */
export const cookieSecretContext = createContext<string>();

const requestSecret = new AsyncLocalStorage<string>();

/**
 * Runs the rest of a page request with its key at hand. The root middleware does this around the
 * loaders and actions, because the cookie helpers they call are given the Request only.
 */
export function withCookieSecret<T>(secret: string, run: () => T): T {
  return requestSecret.run(secret, run);
}

/** The key of the page request being handled; there is none outside one. */
export function currentCookieSecret(): string {
  const secret = requestSecret.getStore();
  if (!secret) {
    throw new Error('Cookies are signed only while a page request is handled (sessionMiddleware)');
  }
  return secret;
}
