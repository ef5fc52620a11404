/**
 * The interactive islands of otherwise static pages (docs/decisions/010-interactive-islands.md):
 * each name maps to the module that hydrates it in the browser. vite.config.ts bundles each one
 * after the client build; the page's loader asks `islandAssets(name)` for the built files.
 */
export const islandEntries = {
  'campaign-wizard': 'app/features/campaign-wizard/wizard-island.client.tsx',
} as const;

export type IslandName = keyof typeof islandEntries;

/** Where the build writes the names of each island's files, relative to `build/client`. */
export const islandsManifestFile = '.vite/islands.json';

/** The built files of one island: its script and every module it imports, for preloading. */
export interface IslandAssets {
  script: string;
  imports: string[];
}

/** The id of the element an island hydrates, and of the JSON with its props. */
export const islandElementId = (name: IslandName) => `island-${name}`;
export const islandPropsId = (name: IslandName) => `island-${name}-props`;
