import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file's place in apps/server/src. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const webDir = path.join(repoRoot, 'apps/web');
export const webBuildDir = path.join(webDir, 'build');
