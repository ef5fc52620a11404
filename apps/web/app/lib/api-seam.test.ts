import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEndpoint } from '@ipatient/contracts/endpoints/define';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import { describe, expect, it } from 'vitest';

/**
 * The web reaches the API only through the typed client (docs/decisions/011-one-typed-seam.md):
 * no API path spelled out in apps/web, no cast of an answer's body, no untyped transport.
 */
const appDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('+') ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function paths(tree: object): string[] {
  return Object.values(tree).flatMap((value) =>
    isEndpoint(value) ? [value.path] : paths(value as object),
  );
}

/** The fixed start of each API path ("/single-crowedfunding/" of "/single-crowedfunding/:id"). */
const apiPrefixes = [...new Set(paths(endpoints).map((p) => p.split(':')[0] ?? p))].filter(
  // Paths that are also pages of the site (the web links to "/webinars/…") are left out.
  (prefix) => !/^\/(webinars|facilities)\/?$/.test(prefix),
);
const files = sourceFiles(appDir).map((file) => ({
  name: path.relative(appDir, file),
  text: fs.readFileSync(file, 'utf8'),
}));

/** String literals (quotes or template starts) of a file that begin with one of `prefixes`. */
function literalsStartingWith(text: string, prefixes: string[]): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/['"`](\/[^'"`$\s]*)/g)) {
    const literal = match[1] ?? '';
    if (prefixes.some((prefix) => literal === prefix || literal.startsWith(prefix))) {
      found.push(literal);
    }
  }
  return found;
}

describe('the web and the API meet only in the typed client', () => {
  it('reads every endpoint path', () => {
    expect(apiPrefixes.length).toBeGreaterThan(50);
    expect(files.length).toBeGreaterThan(100);
  });

  it('spells out no API path', () => {
    const apiOnly = apiPrefixes.filter((prefix) => prefix.length > 1 && prefix !== '/');
    const offenders = files.flatMap(({ name, text }) =>
      literalsStartingWith(text, apiOnly)
        // Page addresses that share a first word with an endpoint ("/admin/…" pages).
        .filter((literal) =>
          apiOnly.some((prefix) => literal.startsWith(prefix) && !isPage(literal)),
        )
        .map((literal) => `${name}: ${literal}`),
    );
    expect(offenders).toEqual([]);
  });

  it('casts no answer body and calls no untyped transport', () => {
    const offenders = files.flatMap(({ name, text }) => {
      const found: string[] = [];
      if (/\b(response|answer|result)\.body\s+as\b/.test(text)) found.push(`${name}: body cast`);
      if (!transportOwners.has(name) && /contracts\/api-client'/.test(text)) {
        found.push(`${name}: imports the untyped transport`);
      }
      return found;
    });
    expect(offenders).toEqual([]);
  });
});

/** Where the transport is handed to the page (entry, context) and wrapped (the client). */
const transportOwners = new Set(['entry.server.tsx', 'lib/page-context.ts', 'lib/api-context.ts']);

/** The web's own pages whose addresses the API also uses (links, redirects, form actions). */
function isPage(literal: string): boolean {
  if (/^\/(logout|reset-password|crowdfunding\/create)(\?|$)/.test(literal)) return true;
  return /^\/admin\/(money|campaigns|complaints|facilities|reviews|posts|podcasts|users|messages|audit|documents|site-content|authors|blog-categories|podcast-categories|webinar-registrations|access-log|weekly-winners)(\/|$|\?)/.test(
    literal,
  );
}
