import type { PageOptions } from '@ipatient/contracts/api-client';
import { createContext as createReactContext, useContext } from 'react';
import { createContext, type RouterContextProvider } from 'react-router';

/** What the server tells every page rendering besides the API client and the address. */
export type PageContextValue = Pick<
  PageOptions,
  'nonce' | 'sandbox' | 'gzip' | 'onMemberRendering'
>;

export const pageContext = createContext<PageContextValue>();

export function getPageContext(context: Readonly<RouterContextProvider>): PageContextValue {
  return context.get(pageContext);
}

/**
 * The script nonce for the components of one server rendering. Only the server knows it (the
 * browser hides a nonce from scripts); in the browser it is undefined, and scripts rendered there
 * are not inline ones the policy must allow.
 */
export const NonceContext = createReactContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
