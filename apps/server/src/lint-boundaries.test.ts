import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The folder boundaries of docs/architecture.md are Biome rules (biome.json). These tests lint
 * small probe files with the project's Biome and check that each boundary is enforced.
 *
 * `biome lint --stdin-file-path` is no use here: in stdin mode Biome only prints the source back
 * (and fails without `--write`), it reports no rule's diagnostics. So the probes are real files,
 * each in a temporary hidden folder placed where the rule applies (a hidden folder is outside
 * TypeScript's and Vitest's globs), linted in two runs and removed at once. Each probe folder
 * stands in for a feature folder, so relative imports point where they would in a real feature.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tag = `.lint-probe-${randomBytes(4).toString('hex')}`;

interface Probe {
  /** Where the probe is written, relative to the repository root. */
  path: string;
  source: string;
}

let probes = 0;

/** A probe in a folder of its own (it stands in for a feature folder) under `parent`. */
function probe(parent: string, file: string, source: string): Probe {
  probes += 1;
  return { path: join(parent, `${tag}-${probes}`, file), source };
}

const ormValue = "import { blogPosts } from '@ipatient/db';\n\nexport const table = blogPosts;\n";
const drizzle = "import { eq } from 'drizzle-orm';\n\nexport const equals = eq;\n";

const refused = {
  crossFeatureWeb: probe(
    'apps/web/app/features',
    'x.ts',
    "import { toBlogListItem } from '../blog/blog.server.ts';\n\nexport const present = toBlogListItem;\n",
  ),
  ormValueInService: probe('apps/server/src/features', 'blog.service.ts', ormValue),
  drizzleInService: probe('apps/server/src/features', 'blog.service.ts', drizzle),
  repositoryInRoutes: probe(
    'apps/server/src/features',
    'blog.routes.ts',
    "import { findPost } from './blog.repository.ts';\n\nexport const find = findPost;\n",
  ),
};

const accepted = {
  libInWebFeature: probe(
    'apps/web/app/features',
    'x.ts',
    "import { getApi } from '../../lib/api-context.ts';\n\nexport const api = getApi;\n",
  ),
  databaseTypeInService: probe(
    'apps/server/src/features',
    'blog.service.ts',
    "import type { Database } from '@ipatient/db';\n\nexport type Db = Database;\n",
  ),
  ormValueInRepository: probe('apps/server/src/features', 'blog.repository.ts', ormValue),
  drizzleInRepository: probe('apps/server/src/features', 'blog.repository.ts', drizzle),
};

/** Two modules importing each other, in one folder. */
const cycleFolder = join('apps/server/src', `${tag}-cycle`);
const cycle = [
  {
    path: join(cycleFolder, 'a.ts'),
    source: "import { b } from './b.ts';\n\nexport const a = (): unknown => b;\n",
  },
  {
    path: join(cycleFolder, 'b.ts'),
    source: "import { a } from './a.ts';\n\nexport const b = (): unknown => a;\n",
  },
];

interface LintRun {
  status: number | null;
  /** How many files Biome checked. */
  checked: number;
  /** Rule categories reported per file (relative to the repository root). */
  rules: Map<string, string[]>;
  output: string;
}

interface JsonReport {
  summary: { changed: number; unchanged: number };
  diagnostics: { category: string; location: { path: string } }[];
}

/** Lints the paths with the project's Biome and reads its JSON report. */
function lint(paths: string[]): LintRun {
  const result = spawnSync('npx', ['biome', 'lint', '--reporter=json', ...paths], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const output = `${result.stdout}${result.stderr}`;
  const line = result.stdout.split('\n').find((text) => text.startsWith('{"summary"'));
  if (!line) throw new Error(`Biome gave no JSON report:\n${output}`);
  const report = JSON.parse(line) as JsonReport;
  const rules = new Map<string, string[]>();
  for (const { category, location } of report.diagnostics) {
    rules.set(location.path, [...(rules.get(location.path) ?? []), category]);
  }
  const checked = report.summary.changed + report.summary.unchanged;
  return { status: result.status, checked, rules, output };
}

const created: string[] = [];
let refusedRun: LintRun;
let acceptedRun: LintRun;

beforeAll(() => {
  try {
    for (const { path, source } of [
      ...Object.values(refused),
      ...Object.values(accepted),
      ...cycle,
    ]) {
      const folder = dirname(path);
      mkdirSync(join(root, folder), { recursive: true });
      if (!created.includes(folder)) created.push(folder);
      writeFileSync(join(root, path), source);
    }
    refusedRun = lint([...Object.values(refused).map((p) => p.path), cycleFolder]);
    acceptedRun = lint(Object.values(accepted).map((p) => p.path));
  } finally {
    for (const folder of created) rmSync(join(root, folder), { recursive: true, force: true });
  }
}, 90_000);

afterAll(() => {
  for (const folder of created) rmSync(join(root, folder), { recursive: true, force: true });
});

const NO_RESTRICTED = 'lint/style/noRestrictedImports';

describe('the lint boundaries', () => {
  it('refuse the refused imports with an error', () => {
    expect(refusedRun.status, refusedRun.output).not.toBe(0);
    expect(refusedRun.status, refusedRun.output).not.toBeNull();
  });

  it('refuse a web feature importing another feature', () => {
    expect(refusedRun.rules.get(refused.crossFeatureWeb.path)).toEqual([NO_RESTRICTED]);
  });

  it('refuse the ORM outside repositories: a table or anything from drizzle-orm', () => {
    expect(refusedRun.rules.get(refused.ormValueInService.path)).toEqual([NO_RESTRICTED]);
    expect(refusedRun.rules.get(refused.drizzleInService.path)).toEqual([NO_RESTRICTED]);
  });

  it('refuse a routes file importing a repository', () => {
    expect(refusedRun.rules.get(refused.repositoryInRoutes.path)).toEqual([NO_RESTRICTED]);
  });

  it('refuse an import cycle', () => {
    for (const { path } of cycle) {
      expect(refusedRun.rules.get(path), refusedRun.output).toEqual([
        'lint/suspicious/noImportCycles',
      ]);
    }
  });

  it('accept lib/ in a web feature, the database type in a service and the ORM in a repository', () => {
    expect(acceptedRun.rules.size, acceptedRun.output).toBe(0);
    expect(acceptedRun.status, acceptedRun.output).toBe(0);
    // The probes were linted, not skipped.
    expect(acceptedRun.checked).toBe(Object.keys(accepted).length);
  });
});
