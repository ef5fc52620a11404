import fs from 'node:fs';
import { type IslandAssets, type IslandName, islandsManifestFile } from './islands.ts';

let manifest: Record<string, IslandAssets> | null | undefined;

function readManifest(): Record<string, IslandAssets> | null {
  if (manifest !== undefined) return manifest;
  // The server build is build/server/index.js; the islands were written next to build/client.
  const file = new URL(`../client/${islandsManifestFile}`, import.meta.url);
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, IslandAssets>;
  } catch {
    // Under `npm run dev` (and in unit tests) there is no build: pages hydrate as a whole there.
    manifest = null;
  }
  return manifest;
}

/**
 * The built files of an island, or null when there are none (development, where every page
 * hydrates with React Router instead, or a build without islands: the page then works as HTML).
 */
export function islandAssets(name: IslandName): IslandAssets | null {
  if (import.meta.env.DEV) return null;
  return readManifest()?.[name] ?? null;
}
