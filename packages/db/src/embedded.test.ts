import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedPostgres, recoverStalePostmaster } from './embedded.ts';

const dirs: string[] = [];
function tempDir(mode = 0o755): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-embedded-'));
  fs.chmodSync(dir, mode);
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('recoverStalePostmaster', () => {
  it('does nothing without a pid file', async () => {
    expect(await recoverStalePostmaster(tempDir())).toBe('none');
  });

  it('removes a pid file whose process is gone', async () => {
    const dir = tempDir();
    // A pid far above any real one on this machine: no such process.
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `4194000\n${dir}\n0\n5432\n`);
    expect(await recoverStalePostmaster(dir)).toBe('stale-pid-file');
    expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
  });

  it('never signals a live process that is not our postmaster', async () => {
    const dir = tempDir();
    // This test's own process is alive but is not PostgreSQL on this directory.
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${process.pid}\n${dir}\n0\n5432\n`);
    expect(await recoverStalePostmaster(dir)).toBe('stale-pid-file');
  });
});

describe('EmbeddedPostgres.start', () => {
  it.runIf(process.getuid?.() === 0)(
    'explains when the postgres user cannot reach DATA_DIR (running as root)',
    async () => {
      const privateDir = tempDir(0o700);
      await expect(
        EmbeddedPostgres.start({ dir: path.join(privateDir, 'data', 'pg'), password: 'pw' }),
      ).rejects.toThrow(/cannot reach .*Choose a DATA_DIR outside private directories/);
    },
  );
});
