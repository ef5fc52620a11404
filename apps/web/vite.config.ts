import fs from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { build, defineConfig, type Plugin } from 'vite';
import { islandEntries, islandsManifestFile } from './app/lib/islands.ts';

const webDir = import.meta.dirname;
const clientDir = path.join(webDir, 'build/client');

/**
 * Islands (docs/decisions/010-interactive-islands.md): a page that declares `staticPage` but
 * needs one interactive part loads only that part, hydrated with React DOM, without React
 * Router's client runtime and the root's modules. Each island is bundled on its own after the
 * client build, into one file plus React (shared by every island and cached between them), so
 * a phone opens it with two requests. The server reads the names of the files from
 * `build/client/.vite/islands.json` (app/lib/islands.server.ts).
 */
function islands(): Plugin {
  let built = false;
  return {
    name: 'ipatient-islands',
    apply: 'build',
    async writeBundle() {
      if (this.environment.name !== 'client' || built) return;
      built = true;
      const result = await build({
        configFile: false,
        root: webDir,
        logLevel: 'warn',
        mode: 'production',
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: clientDir,
          emptyOutDir: false,
          copyPublicDir: false,
          write: true,
          manifest: false,
          modulePreload: false,
          assetsInlineLimit: 0,
          rolldownOptions: {
            input: Object.fromEntries(
              Object.entries(islandEntries).map(([name, file]) => [
                `island-${name}`,
                path.join(webDir, file),
              ]),
            ),
            preserveEntrySignatures: false,
            output: {
              entryFileNames: 'assets/[name]-[hash].js',
              chunkFileNames: 'assets/[name]-[hash].js',
              codeSplitting: {
                // React and the bundler's small runtime: one file every island shares.
                groups: [
                  {
                    name: (id: string) =>
                      /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|^\0?rolldown[\\/]runtime/.test(
                        id,
                      )
                        ? 'island-react'
                        : null,
                  },
                ],
              },
            },
          },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) =>
        'output' in r ? r.output : [],
      );
      const byFile = new Map(outputs.map((chunk) => [chunk.fileName, chunk]));
      const manifest: Record<string, { script: string; imports: string[] }> = {};
      for (const chunk of outputs) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const imports = new Set<string>();
        const visit = (file: string) => {
          const found = byFile.get(file);
          if (found?.type !== 'chunk') return;
          for (const next of found.imports) {
            if (imports.has(next)) continue;
            imports.add(next);
            visit(next);
          }
        };
        visit(chunk.fileName);
        manifest[chunk.name.replace(/^island-/, '')] = {
          script: `/${chunk.fileName}`,
          imports: [...imports].map((file) => `/${file}`),
        };
      }
      const target = path.join(clientDir, islandsManifestFile);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), islands()],
  build: { assetsInlineLimit: 0 },
  // The icon package is bundled into the server build too, so the server holds the hundred
  // icons the pages use rather than loading all of them (a 1.3 MB module) at start.
  ssr: { noExternal: ['lucide-react'] },
});
