import type { ApiClient } from '@ipatient/contracts/api-client';
import { csrfHeader } from '@ipatient/contracts/constants';
import {
  type ApiClientOf,
  createApiClient,
  errorBodyOf,
} from '@ipatient/contracts/endpoints/client';
import { type Endpoints, endpoints } from '@ipatient/contracts/endpoints/index';
import { createContext, data, type RouterContextProvider } from 'react-router';

export type { ApiClient, ApiRequestOptions, ApiResponse } from '@ipatient/contracts/api-client';

export interface ApiContextValue {
  /** Calls `/api/v1{path}` as the user of the current request (the typed client's transport). */
  call: ApiClient;
  /** The site's public address (PUBLIC_URL): absolute links for sharing, whatever proxy is in front. */
  publicUrl: string;
}

export const apiContext = createContext<ApiContextValue>();

/** Marks the 503 that a read throws, so the loaders' own error handling passes it on. */
const UNAVAILABLE_MARK = 'x-service-unavailable';

/**
 * A loader that turns its API failures into "could not load" states calls this first in its
 * catch: the service being briefly unavailable is told as such (the 503 page), not hidden.
 */
export function rethrowIfUnavailable(error: unknown): void {
  const init = (error as { type?: unknown; init?: { headers?: unknown } } | null)?.init;
  if (
    (error as { type?: unknown } | null)?.type === 'DataWithResponseInit' &&
    init?.headers !== null &&
    typeof init?.headers === 'object' &&
    UNAVAILABLE_MARK in init.headers
  ) {
    throw error;
  }
}

/**
 * The transport of the request being rendered. A read that finds the service briefly
 * unavailable (the database unreachable: 503 UNAVAILABLE) ends the page with that 503 and the
 * API's own message, so the visitor is told to try again rather than shown an empty page, and
 * the page is never cached or indexed. Writes (a form's action) get the 503 answer as it is and
 * report it like any other refusal.
 */
function transportOf(context: Readonly<RouterContextProvider>): ApiClient {
  const call = context.get(apiContext).call;
  return async (path, options) => {
    const response = await call(path, options);
    const reading = (options?.method ?? 'GET') === 'GET';
    if (reading && response.status === 503) {
      const body = errorBodyOf(response.body);
      if (body.code === 'UNAVAILABLE') {
        const message =
          body.message ?? 'The service is briefly unavailable. Please try again in a minute.';
        const retryAfter = body.retryAfter ?? 30;
        throw data(message, {
          status: 503,
          headers: { 'retry-after': String(retryAfter), [UNAVAILABLE_MARK]: '1' },
        });
      }
    }
    return response;
  };
}

/** The typed API of the web: one call per endpoint definition (packages/contracts/src/endpoints). */
export type Api = ApiClientOf<Endpoints>;

/**
 * The API as the user of the current page request: `getApi(context).podcasts.get({ params })`.
 * A form's action passes its posted form, whose hidden `csrf` field carries the `XSRF-TOKEN`
 * cookie's value; the API compares the two (double submit).
 */
export function getApi(context: Readonly<RouterContextProvider>, form?: FormData): Api {
  const csrf = form?.get('csrf');
  return createApiClient(
    transportOf(context),
    endpoints,
    typeof csrf === 'string' ? { headers: { [csrfHeader]: csrf } } : {},
  );
}

/** The site's public address, e.g. for Open Graph tags and share links. */
export function getPublicUrl(context: Readonly<RouterContextProvider>): string {
  return context.get(apiContext).publicUrl;
}
