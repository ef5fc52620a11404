import fs from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { build, defineConfig, minifySync, type Plugin, parseSync } from 'vite';
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

/**
 * The enhancement scripts (`*enhance.ts`) reach the page as the text of a function
 * (`fn.toString()`) written inline into the server's HTML, where the client build's minifier never
 * sees them, and the server build prints them with its own indentation. In the server build each
 * of these modules is minified, and each of its top-level functions gets its minified text as its
 * `toString()`: every page's inline scripts come out about a fifth smaller on the wire.
 */
function minifiedInlineScripts(): Plugin {
  return {
    name: 'ipatient-minified-inline-scripts',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    transform: {
      filter: { id: /enhance\.ts$/ },
      handler(code, id) {
        const file = id.replace(/\.ts$/, '.js');
        const minified = minifySync(file, code, { module: true, compress: true, mangle: true });
        const parsed = parseSync(file, minified.code);
        const problem = minified.errors[0] ?? parsed.errors[0];
        if (problem) this.error(`could not minify ${id}: ${problem.message}`);
        const texts = parsed.program.body.flatMap((statement) => {
          const declaration =
            statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          return declaration?.type === 'FunctionDeclaration' && declaration.id
            ? [
                `${declaration.id.name}.toString=()=>${JSON.stringify(minified.code.slice(declaration.start, declaration.end))};`,
              ]
            : [];
        });
        return { code: `${minified.code}\n${texts.join('\n')}`, map: null };
      },
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), islands(), minifiedInlineScripts()],
  build: { assetsInlineLimit: 0 },
  // The icon package is bundled into the server build too, so the server holds the hundred
  // icons the pages use rather than loading all of them (a 1.3 MB module) at start.
  ssr: { noExternal: ['lucide-react'] },
});
