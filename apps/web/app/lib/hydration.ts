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
 * React hydrates unless the page being shown (the deepest match) opted out. Under `npm run dev`
 * every page hydrates, so Vite's hot reload reaches every page.
 */
export function shouldHydrate(matches: readonly UIMatch[]): boolean {
  if (import.meta.env.DEV) return true;
  const leaf = matches.at(-1);
  if (!leaf || !isRouteHandle(leaf.handle)) return true;
  return leaf.handle.hydrate !== false;
}

/**
 * Whether the page of these matches is sent without React (on the server, from the route
 * modules of a rendering). Development hydrates every page.
 */
export function rendersStatic(
  matches: readonly { route: { id: string } }[],
  routeModules: Record<string, { handle?: unknown } | undefined>,
): boolean {
  if (import.meta.env.DEV) return false;
  const leaf = matches.at(-1);
  const handle = leaf ? routeModules[leaf.route.id]?.handle : undefined;
  return isRouteHandle(handle) && handle.hydrate === false;
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
