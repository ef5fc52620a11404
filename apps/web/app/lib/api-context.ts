import type { ApiClient } from '@ipatient/contracts/api-client';
import { createContext, type RouterContextProvider } from 'react-router';

export type { ApiClient, ApiRequestOptions, ApiResponse } from '@ipatient/contracts/api-client';

export interface ApiContextValue {
  /** Calls `/api/v1{path}` as the user of the current request. */
  call: ApiClient;
  /** The site's public address (PUBLIC_URL): absolute links for sharing, whatever proxy is in front. */
  publicUrl: string;
}

export const apiContext = createContext<ApiContextValue>();

/** The API client of the request being rendered. */
export function getApi(context: Readonly<RouterContextProvider>): ApiClient {
  return context.get(apiContext).call;
}

/** The site's public address, e.g. for Open Graph tags and share links. */
export function getPublicUrl(context: Readonly<RouterContextProvider>): string {
  return context.get(apiContext).publicUrl;
}
