import { createElement, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type IslandName, islandElementId, islandPropsId } from './islands.ts';
import { KeepTyped, keepTypedAcrossHydration } from './keep-typed.ts';

/**
 * Hydrates an island (app/lib/island.tsx) in the browser with the props the server rendered it
 * with. Called by the island's entry module (`*-island.client.tsx`). What the person typed or
 * chose before the script arrived is given back once hydration is done (lib/keep-typed.ts).
 */
export function hydrateIsland<P>(name: IslandName, render: (props: P) => ReactNode): void {
  const element = document.getElementById(islandElementId(name));
  const json = document.getElementById(islandPropsId(name));
  if (!element || !json) return;
  const giveBack = keepTypedAcrossHydration(element);
  const props = JSON.parse(json.textContent ?? 'null') as P;
  hydrateRoot(element, createElement(KeepTyped, { giveBack }, render(props)));
}
