import { createContext, useContext } from 'react';
import type { UIMatch } from 'react-router';

/**
 * What a route module may declare in `export const handle`. `hydrate: false` marks a page whose
 * every feature works as server-rendered HTML (links, forms, native disclosure elements), so the
 * React runtime is not sent to the browser at all. See docs/decisions/005-static-first-pages.md.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null;
}

/**
 * React hydrates a page unless its deepest route's handle opted out. Under `npm run dev` every
 * page hydrates, so Vite's hot reload reaches every page.
 */
function hydrates(leafHandle: unknown): boolean {
  if (import.meta.env.DEV) return true;
  return !isRouteHandle(leafHandle) || leafHandle.hydrate !== false;
}

/** Whether the page being shown (the deepest match) hydrates. */
export function shouldHydrate(matches: readonly UIMatch[]): boolean {
  return hydrates(matches.at(-1)?.handle);
}

/** Whether a page is sent without React: the same decision, on the server, from the route modules. */
export function rendersStatic(
  matches: readonly { route: { id: string } }[],
  routeModules: Record<string, { handle?: unknown } | undefined>,
): boolean {
  const leaf = matches.at(-1);
  return !hydrates(leaf ? routeModules[leaf.route.id]?.handle : undefined);
}

/** The handle of pages that need no client-side React. */
export const staticPage = { hydrate: false } as const satisfies RouteHandle;

/**
 * True while rendering a page that sends no React to the browser: its components add their
 * few lines of inline enhancement instead. Islands (lib/island.tsx) are hydrated, so inside
 * one it is false again.
 */
export const StaticPageContext = createContext(false);

export function useStaticPage(): boolean {
  return useContext(StaticPageContext);
}
