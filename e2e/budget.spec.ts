import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { fillLogin } from './support/accounts.ts';
import { createMember } from './support/campaign-api.ts';

/**
 * Page-weight budgets. Our visitors are mostly on low-end Android phones and slow, expensive
 * mobile data, so the JavaScript they download is kept small and these tests stop it growing
 * unnoticed. `npm run bench:pages` measures the full picture with Lighthouse; this is the quick
 * check that runs with every browser-test run, against the built app.
 */

const KB = 1024;

/** JavaScript of the home page's first view, compressed as the server sends it. */
const HOME_FIRST_VIEW_JS_BUDGET = 90 * KB;
/**
 * The interactive pages a member uses are held to the same budget as the static pages' first
 * view (their time to interactive on Slow 3G with 6x CPU is measured by `npm run bench:pages`).
 */
const INTERACTIVE_PAGE_JS_BUDGET = 90 * KB;
/** Script files of an interactive page: each one costs a round trip on a slow network. */
const INTERACTIVE_PAGE_JS_FILES = 6;
/**
 * What every hydrated page downloads before its own route: the client entry, the root route and
 * everything they import, and the route manifest, each brotli-compressed.
 */
const ENTRY_AND_ROOT_BUDGET = 125 * KB;
/** The largest single route module. */
const ROUTE_CHUNK_BUDGET = 8 * KB;
/** The largest route with the modules it adds to the entry and root (what a navigation loads). */
const ROUTE_WITH_IMPORTS_BUDGET = 60 * KB;
/** All stylesheets together (one render-blocking request per page). */
const CSS_BUDGET = 12 * KB;

const clientDir = path.resolve(import.meta.dirname, '../apps/web/build/client');
const assetsDir = path.join(clientDir, 'assets');

/** Brotli at the highest quality, as scripts/compress-assets.mjs writes the `.br` files served. */
function brotliSize(data: Buffer | string): number {
  return zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  }).length;
}

function assetSize(url: string): number {
  const file = path.join(clientDir, url);
  expect(fs.existsSync(file), `${url} is listed in the manifest but not built`).toBe(true);
  return brotliSize(fs.readFileSync(file));
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** The route manifest React Router writes for the browser (`window.__reactRouterManifest=…`). */
function readManifest(): { manifest: Manifest; file: string } {
  const name = fs.readdirSync(assetsDir).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  expect(name, `no route manifest in ${assetsDir}: run \`npm run build\` first`).toBeDefined();
  const source = fs.readFileSync(path.join(assetsDir, name as string), 'utf8');
  const json = source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '');
  return { manifest: JSON.parse(json) as Manifest, file: `/assets/${name}` };
}

interface PageScripts {
  total: number;
  files: number;
  detail: string;
}

/**
 * The JavaScript one page load downloads, as a phone gets it: every script file (headers and
 * brotli body) and the inline scripts (inside the compressed HTML), after the page settled.
 */
async function pageScripts(page: Page, path: string): Promise<PageScripts> {
  // Sizes are read as each request finishes; the reads are awaited before summing.
  const pending: Promise<{ url: string; bytes: number; encoding: string }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        const headers = (await request.response())?.headers() ?? {};
        return {
          url: request.url(),
          // What came over the wire for it: headers and the (compressed) body.
          bytes: sizes.responseHeadersSize + sizes.responseBodySize,
          encoding: headers['content-encoding'] ?? 'none',
        };
      })(),
    );
  });
  const response = await page.goto(path, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname, `${path} did not stay on its page`).toBe(path);
  // Compressed, as a phone gets it: brotli when the page is made for this request, gzip when it
  // is a visitor's page another request had just made (kept 2 s, sent spliced from gzip pieces).
  expect(['br', 'gzip']).toContain((await response?.allHeaders())?.['content-encoding']);
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(pending);

  for (const script of scripts) {
    // Files under 1 KB are not pre-compressed (scripts/compress-assets.mjs): nothing to gain.
    if (script.bytes < 1024) continue;
    expect(script.encoding, `${script.url} was sent uncompressed`).not.toBe('none');
  }
  const external = scripts.reduce((sum, script) => sum + script.bytes, 0);
  // Scripts written into the page travel inside the compressed HTML; count them as well.
  const inlineSources = await page.evaluate(() =>
    Array.from(document.scripts)
      .filter((script) => !script.src)
      .map((script) => script.text),
  );
  const inline = inlineSources.reduce((sum, source) => sum + brotliSize(source), 0);
  const total = external + inline;
  const detail = [
    ...scripts.map((script) => `${new URL(script.url).pathname} ${kb(script.bytes)}`),
    `${inlineSources.length} inline scripts ${kb(inline)}`,
  ].join(', ');
  return { total, files: scripts.length, detail };
}

test('the first view of the home page stays within its JavaScript budget', async ({ page }) => {
  const { total, detail } = await pageScripts(page, '/');
  expect(
    total,
    `the home page's first view downloads ${kb(total)} of JavaScript (budget ${kb(HOME_FIRST_VIEW_JS_BUDGET)}): ${detail}`,
  ).toBeLessThanOrEqual(HOME_FIRST_VIEW_JS_BUDGET);
});

test('every island of a static page stays within the budget of a page', () => {
  const file = path.join(clientDir, '.vite/islands.json');
  expect(fs.existsSync(file), `no ${file}: run \`npm run build\` first`).toBe(true);
  const islands = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<
    string,
    { script: string; imports: string[] }
  >;
  expect(Object.keys(islands)).toContain('campaign-wizard');
  for (const [name, island] of Object.entries(islands)) {
    const urls = [island.script, ...island.imports];
    const bytes = urls.reduce((sum, url) => sum + assetSize(url), 0);
    expect(
      bytes,
      `the ${name} island is ${kb(bytes)} brotli in ${urls.length} files (budget ${kb(INTERACTIVE_PAGE_JS_BUDGET)})`,
    ).toBeLessThanOrEqual(INTERACTIVE_PAGE_JS_BUDGET);
    expect(urls.length).toBeLessThanOrEqual(INTERACTIVE_PAGE_JS_FILES);
  }
});

test.describe('interactive pages, signed in', () => {
  for (const name of ['/crowdfunding/create', '/account', '/review/{id}']) {
    test(`${name} stays within the JavaScript budget of the static pages`, async ({
      page,
      request,
    }) => {
      let path = name;
      if (name === '/review/{id}') {
        const facilities = await request.get('/api/v1/facilities?page=1');
        const { results } = (await facilities.json()) as { results: { _id: string }[] };
        path = `/review/${results[0]?._id}`;
      }
      const member = await createMember(request, 'budget');
      await page.goto('/login');
      await fillLogin(page, member.email, member.password);
      await expect(page).not.toHaveURL(/\/login/);
      const { total, files, detail } = await pageScripts(page, path);
      expect(
        total,
        `${path} downloads ${kb(total)} of JavaScript (budget ${kb(INTERACTIVE_PAGE_JS_BUDGET)}): ${detail}`,
      ).toBeLessThanOrEqual(INTERACTIVE_PAGE_JS_BUDGET);
      expect(files, `${path} loads ${files} script files: ${detail}`).toBeLessThanOrEqual(
        INTERACTIVE_PAGE_JS_FILES,
      );
    });
  }
});

test('the built client assets stay within their budgets', () => {
  const { manifest, file: manifestFile } = readManifest();
  const root = manifest.routes.root;
  expect(root, 'the manifest has no root route').toBeDefined();

  // Entry and root: what every hydrated page loads first, shared modules counted once.
  const shell = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    (root as ManifestRoute).module,
    ...((root as ManifestRoute).imports ?? []),
    manifestFile,
  ]);
  const shellBytes = [...shell].reduce((sum, url) => sum + assetSize(url), 0);
  expect(
    shellBytes,
    `entry + root chunks and the manifest are ${kb(shellBytes)} brotli (budget ${kb(ENTRY_AND_ROOT_BUDGET)}, ${shell.size} files)`,
  ).toBeLessThanOrEqual(ENTRY_AND_ROOT_BUDGET);

  const routes = Object.values(manifest.routes)
    .filter((route) => route.id !== 'root')
    .map((route) => {
      const added = new Set([route.module, ...(route.imports ?? [])].filter((u) => !shell.has(u)));
      return {
        id: route.id,
        chunk: assetSize(route.module),
        withImports: [...added].reduce((sum, url) => sum + assetSize(url), 0),
      };
    });
  expect(routes.length).toBeGreaterThan(0);
  const largestChunk = routes.reduce((a, b) => (b.chunk > a.chunk ? b : a));
  expect(
    largestChunk.chunk,
    `the largest route chunk, ${largestChunk.id}, is ${kb(largestChunk.chunk)} brotli (budget ${kb(ROUTE_CHUNK_BUDGET)})`,
  ).toBeLessThanOrEqual(ROUTE_CHUNK_BUDGET);
  const heaviest = routes.reduce((a, b) => (b.withImports > a.withImports ? b : a));
  expect(
    heaviest.withImports,
    `the heaviest route, ${heaviest.id}, adds ${kb(heaviest.withImports)} brotli to the entry and root (budget ${kb(ROUTE_WITH_IMPORTS_BUDGET)})`,
  ).toBeLessThanOrEqual(ROUTE_WITH_IMPORTS_BUDGET);

  const stylesheets = fs.readdirSync(assetsDir).filter((file) => file.endsWith('.css'));
  expect(stylesheets.length).toBeGreaterThan(0);
  const cssBytes = stylesheets.reduce((sum, file) => sum + assetSize(`/assets/${file}`), 0);
  expect(
    cssBytes,
    `the stylesheets are ${kb(cssBytes)} brotli (budget ${kb(CSS_BUDGET)}): ${stylesheets.join(', ')}`,
  ).toBeLessThanOrEqual(CSS_BUDGET);
});
