import { createContext, type RouterContextProvider } from 'react-router';

/**
 * How the web app talks to the API: in-process through the server's `inject()`, with the
 * user's cookies forwarded, so every read and write passes the API's own validation and
 * authorisation. The server provides the implementation (see entry.server.tsx).
 */
export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  /** Set-Cookie headers the API answered with; loaders and actions pass them on to the browser. */
  setCookies: string[];
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
}

export type ApiClient = (path: string, options?: ApiRequestOptions) => Promise<ApiResponse>;

export interface ApiContextValue {
  /** Calls `/api/v1{path}` as the user of the current request. */
  call: ApiClient;
}

export const apiContext = createContext<ApiContextValue>();

/** The API client of the request being rendered. */
export function getApi(context: Readonly<RouterContextProvider>): ApiClient {
  return context.get(apiContext).call;
}
