import fs from 'node:fs';
import { emailOutbox } from '@ipatient/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/helpers.ts';
import type { Config } from '../../config.ts';
import { registerErrorHandling } from '../errors.ts';
import { ManualClock } from '../outbox/manual-clock.ts';
import { codeEmail } from './email-templates.ts';
import { mailPlugin } from './mail.plugin.ts';
import { listEmails } from './outbox.repository.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function buildMailApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('config', config);
  app.decorate('db', database.db);
  registerErrorHandling(app);
  // Time stands still: the worker delivers when kicked, and never polls behind the tests' back.
  await app.register(mailPlugin, { clock: new ManualClock() });
  await app.ready();
  return app;
}

describe('local mode', () => {
  let config: Config;
  let app: FastifyInstance;
  beforeAll(async () => {
    await database.db.delete(emailOutbox);
    config = testConfig();
    app = await buildMailApp(config);
    const send = async (to: string, subject: string, html = '<p>hi</p>') => {
      await database.db.transaction((tx) =>
        app.mail.enqueue(tx, { to, subject, text: `${subject} text`, html }),
      );
      app.mail.kick();
    };
    await app.mail.enqueue(database.db, {
      to: 'ada@example.com',
      ...codeEmail({ purpose: 'signup', code: '7KQ2MB', firstName: 'Ada' }),
    });
    await send('bola@example.com', 'For Bola');
    await send(
      'Ada@Example.com',
      '<script>alert("subject")</script>',
      '<p>Hi</p><img src=x onerror="alert(1)">',
    );
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('delivers to the local mailbox', async () => {
    expect(app.mail.worker.transport.name).toBe('mailbox');
    // The first message was queued without a kick: the kicks after it deliver it too.
    await app.mail.worker.whenIdle();
    const rows = await listEmails(database.db);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.status === 'sent' && row.deliveredVia === 'mailbox')).toBe(true);
  });

  it('GET /dev/outbox.json lists one recipient, case-insensitively, newest first', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/dev/outbox.json?to=ADA%40example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as {
      to: string;
      subject: string;
      text: string;
      html: string;
      createdAt: string;
    }[];
    expect(body.map((email) => email.subject)).toEqual([
      '<script>alert("subject")</script>',
      'Your iPatient verification code',
    ]);
    expect(body[1]?.text).toMatch(/code: 7KQ2MB/);
    expect(body[1]?.html).toContain('7KQ2MB');
    expect(Object.keys(body[0] ?? {}).sort()).toEqual([
      'createdAt',
      'html',
      'listUnsubscribe',
      'subject',
      'text',
      'to',
    ]);
    expect(Date.parse(body[0]?.createdAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(body[1]?.createdAt ?? ''),
    );
  });

  it('GET /dev/outbox.json without a recipient lists everyone', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/outbox.json' });
    const body = response.json() as { to: string }[];
    expect(body.map((email) => email.to)).toEqual([
      'Ada@Example.com',
      'bola@example.com',
      'ada@example.com',
    ]);
  });

  it('GET /dev/mailbox shows the messages with every value escaped', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Your iPatient verification code');
    expect(page).toContain('code: 7KQ2MB');
    expect(page).toContain('For Bola');
    // Subjects and bodies are data, never markup of the page.
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(page).toMatch(/<iframe sandbox="" [^>]*srcdoc="&lt;p&gt;Hi&lt;\/p&gt;&lt;img src=x/);
    // Newest first.
    expect(page.indexOf('&lt;script&gt;alert')).toBeLessThan(page.indexOf('For Bola'));
    expect(page.indexOf('For Bola')).toBeLessThan(page.indexOf('Your iPatient verification code'));
  });

  it('GET /dev/mailbox?to= shows one recipient', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox?to=bola%40example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('For Bola');
    expect(response.body).not.toContain('verification code');
    expect(response.body).toContain('value="bola@example.com"');
  });
});

// Every emailed code is on these pages: whoever reaches them can take over any account.
describe('a local server that others could reach', () => {
  beforeAll(async () => {
    await database.db.delete(emailOutbox);
  });

  it.each([
    ['SMTP_URL is set', { SMTP_URL: 'smtp://127.0.0.1:9' }],
    ['it listens on 0.0.0.0', { HOST: '0.0.0.0' }],
    ['it listens on a public address', { HOST: '192.0.2.10' }],
  ])('has no development mailbox when %s', async (_case, env) => {
    const config = testConfig(env);
    const app = await buildMailApp(config);
    try {
      expect(config.mode).toBe('local');
      for (const url of ['/dev/mailbox', '/dev/outbox.json', '/dev/outbox.json?to=a%40b.c']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('production mode', () => {
  let config: Config;
  let app: FastifyInstance;
  beforeAll(async () => {
    await database.db.delete(emailOutbox);
    config = testConfig({
      APP_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL: 'https://ipatient.example',
      JWT_SECRET: 'a-production-secret-of-more-than-32-characters',
      PAYSTACK_SECRET_KEY: 'sk_test_mail',
      SMS_PROVIDER: 'inbox',
    });
    app = await buildMailApp(config);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('sends over SMTP', () => {
    expect(app.mail.worker.transport.name).toBe('smtp');
    expect(app.mail.worker.running).toBe(true);
  });

  it('has no development mailbox', async () => {
    for (const url of ['/dev/mailbox', '/dev/outbox.json', '/dev/outbox.json?to=a%40b.c']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('stops its worker when the app closes', async () => {
    const other = await buildMailApp(config);
    expect(other.mail.worker.running).toBe(true);
    await other.close();
    expect(other.mail.worker.running).toBe(false);
  });
});
