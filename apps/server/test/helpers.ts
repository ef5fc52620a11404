import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, emailOutbox, eq, openDatabase, sql } from '@ipatient/db';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { issueCsrfToken } from '../src/lib/csrf-token.ts';

export interface TestDatabase extends DatabaseHandle {
  url: string;
  name: string;
  /** Closes the pool and drops the database. */
  destroy(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of this test file's own, copied from the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), { max: 5 });
  return {
    ...handle,
    url: url.toString(),
    name,
    async destroy() {
      await handle.close().catch(() => {});
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A configuration as the server would load it, with a throwaway DATA_DIR. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-data-'));
  return loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The API (without the web app) on a database of its own. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    setup?: (app: FastifyInstance) => void;
    /** Serve the built web app's pages too. */
    web?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    web: options.web ?? false,
  });
  options.setup?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls `/api/v1{url}` on a test app, as a signed-in user when `as` is given. */
export function apiCall(
  t: TestApp,
  method: ApiMethod,
  url: string,
  options: { as?: { headers: Record<string, string> } | undefined; payload?: object } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
    headers: options.as?.headers ?? {},
  });
}

/** A CSRF token as the server issues them (signed with the test app's secret). */
export function csrfToken(t: { config: Config }): string {
  return issueCsrfToken(t.config.jwtSecret);
}

/** Every email written to this address (the outbox), oldest first. */
export function outboxTo(t: TestApp, to: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(sql`${emailOutbox.createdAt} asc`);
}
