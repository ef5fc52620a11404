import fs from 'node:fs';
import { smsOutbox } from '@ipatient/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/helpers.ts';
import type { Config } from '../../config.ts';
import { registerErrorHandling } from '../errors.ts';
import { ManualClock } from '../outbox/manual-clock.ts';
import { smsPlugin } from './sms.plugin.ts';
import { listSms } from './sms-outbox.repository.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function buildSmsApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('config', config);
  app.decorate('db', database.db);
  registerErrorHandling(app);
  // A clock ahead of the database's: what is queued is due, and no poll runs behind the tests.
  await app.register(smsPlugin, { clock: new ManualClock(Date.now() + 60_000) });
  await app.ready();
  return app;
}

describe('local mode with the SMS inbox', () => {
  let config: Config;
  let app: FastifyInstance;
  beforeAll(async () => {
    await database.db.delete(smsOutbox);
    config = testConfig();
    app = await buildSmsApp(config);
    await database.db.transaction((tx) =>
      app.sms.enqueue(tx, { to: '+2348031230001', text: 'iPatient code: 7KQ2MB.', kind: 'code' }),
    );
    await app.sms.enqueue(database.db, {
      to: '+2348031230002',
      text: '<script>alert("x")</script>',
      kind: 'complaint',
    });
    app.sms.kick();
    await app.sms.worker.whenIdle();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('marks messages sent via the inbox', async () => {
    expect(app.sms.worker.provider.name).toBe('inbox');
    const rows = await listSms(database.db);
    expect(rows.map((row) => [row.status, row.deliveredVia])).toEqual([
      ['sent', 'inbox'],
      ['sent', 'inbox'],
    ]);
  });

  it('lists the texts of one number at /dev/sms.json, as typed in any Nigerian form', async () => {
    for (const to of ['08031230001', '2348031230001', '+2348031230001']) {
      const response = await app.inject({ url: `/dev/sms.json?to=${encodeURIComponent(to)}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual([
        expect.objectContaining({
          to: '+2348031230001',
          text: 'iPatient code: 7KQ2MB.',
          kind: 'code',
        }),
      ]);
    }
    const all = await app.inject({ url: '/dev/sms.json' });
    expect(all.json()).toHaveLength(2);
  });

  it('shows them on /dev/sms with what they say escaped', async () => {
    const response = await app.inject({ url: '/dev/sms' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(response.body).toContain('iPatient code: 7KQ2MB.');
    expect(response.body).not.toContain('<script>alert');
    expect(response.body).toContain('&lt;script&gt;');
    const filtered = await app.inject({ url: '/dev/sms?to=%22%3E%3Cb%3E' });
    expect(filtered.body).not.toContain('"><b>');
    expect(filtered.body).toContain('No text messages yet.');
  });
});

describe('where /dev/sms does not exist', () => {
  it.each([
    ['a server others can reach', { HOST: '0.0.0.0' }],
    ['a server without the local mailbox (SMTP)', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
    ['a server that texts through Termii', { TERMII_API_KEY: 'TL-local-key' }],
  ])('answers 404 on %s', async (_label, env) => {
    const config = testConfig(env);
    const app = await buildSmsApp(config);
    try {
      for (const url of ['/dev/sms', '/dev/sms.json', '/dev/sms.json?to=08031230001']) {
        expect((await app.inject({ url })).statusCode, url).toBe(404);
      }
    } finally {
      await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('texts through Termii when its key is set', async () => {
    const config = testConfig({ TERMII_API_KEY: 'TL-local-key' });
    const app = await buildSmsApp(config);
    try {
      expect(app.sms.worker.provider.name).toBe('termii');
    } finally {
      await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
