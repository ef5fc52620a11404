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

describe('EmbeddedPostgres local connections', () => {
  async function serverAddress(url: string): Promise<string | null> {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const result = await client.query<{ address: string | null }>(
        'select inet_server_addr()::text as address',
      );
      return result.rows[0]?.address ?? null;
    } finally {
      await client.end();
    }
  }

  it('are made through the Unix socket in the cluster directory, with the password still asked for', async () => {
    const server = await EmbeddedPostgres.start({
      dir: path.join(tempDir(), 'pg'),
      password: 'pw',
    });
    try {
      expect(server.socketDir).toBe(server.dir);
      expect(fs.statSync(path.join(server.dir, `.s.PGSQL.${server.port}`)).isSocket()).toBe(true);
      // No server address: the connection is not TCP.
      expect(await serverAddress(server.localUrl())).toBeNull();
      expect(await serverAddress(server.url())).toBe('127.0.0.1/32');
      const wrong = server.localUrl().replace(':pw@', ':wrong@');
      await expect(serverAddress(wrong)).rejects.toThrow(/password authentication failed/);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('keep to loopback TCP when the cluster path is too long for a socket', async () => {
    const deep = path.join(tempDir(), 'a'.repeat(60), 'b'.repeat(30), 'pg');
    const server = await EmbeddedPostgres.start({ dir: deep, password: 'pw' });
    try {
      expect(server.socketDir).toBeUndefined();
      expect(server.localUrl()).toBe(server.url());
      expect(await serverAddress(server.localUrl())).toBe('127.0.0.1/32');
    } finally {
      await server.stop();
    }
  }, 60_000);
});
