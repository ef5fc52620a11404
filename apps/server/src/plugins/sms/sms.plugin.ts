import { brand } from '@ipatient/contracts';
import { normalizeNigerianPhone } from '@ipatient/contracts/account-rules';
import type { Executor } from '@ipatient/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../mail/email-templates.ts';
import type { WorkerClock } from '../mail/mail-worker.ts';
import {
  enqueueSms,
  enqueueSmsForMember,
  listSms,
  type OutgoingSms,
  type SmsEntry,
} from './sms-outbox.repository.ts';
import { SmsWorker } from './sms-worker.ts';
import { createTermiiProvider, inboxProvider, type SmsProvider } from './transports.ts';

export interface SmsOutbox {
  /** Queues a text in the caller's transaction; call `kick()` once it has committed. */
  enqueue(executor: Executor, sms: OutgoingSms): Promise<void>;
  /**
   * Queues a text to a member only if they asked for texts (SMS updates on, verified number),
   * in the caller's transaction. Returns whether one was queued.
   */
  enqueueForMember(
    executor: Executor,
    userId: string,
    sms: Omit<OutgoingSms, 'to'>,
  ): Promise<boolean>;
  /** Asks the worker to deliver due messages now instead of at its next poll. */
  kick(): void;
  worker: SmsWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsOutbox;
  }
}

export interface SmsPluginOptions {
  /** Overrides the provider chosen from the configuration (tests). */
  provider?: SmsProvider;
  pollIntervalMs?: number;
  clock?: WorkerClock;
}

/** `?to=` as typed (0803…, +234803…): the E.164 number, or undefined for none or nonsense. */
function numberFilter(request: FastifyRequest): { to: string | undefined; typed: string } {
  const { to } = request.query as { to?: unknown };
  const typed = typeof to === 'string' ? to.trim() : '';
  return { to: typed ? (normalizeNigerianPhone(typed) ?? typed) : undefined, typed };
}

function inboxPage(entries: SmsEntry[], typed: string, to: string | undefined): string {
  const items = entries
    .map((entry) => {
      const created = entry.createdAt.toISOString();
      const error = entry.lastError
        ? `<p class="err">Last error (attempt ${entry.attempts}): ${escapeHtml(entry.lastError)}</p>`
        : '';
      return `<li>
<article aria-label="Text to ${escapeHtml(entry.to)}">
<p class="meta">To <a href="?to=${encodeURIComponent(entry.to)}">${escapeHtml(entry.to)}</a> &middot; ${escapeHtml(entry.kind)} &middot; <time datetime="${created}">${created.replace('T', ' ').slice(0, 19)} UTC</time> &middot; <span class="status-${entry.status}">${entry.status}</span>${entry.deliveredVia ? ` via ${escapeHtml(entry.deliveredVia)}` : ''}</p>
${error}<pre>${escapeHtml(entry.text)}</pre>
<p class="meta">${entry.text.length} characters</p>
</article>
</li>`;
    })
    .join('\n');
  const heading = to ? `Text messages to ${escapeHtml(to)}` : 'Text messages';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} · ${escapeHtml(brand.siteName)} (local)</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:800px;padding:16px;color:#1f2933}
ul{list-style:none;padding:0}li{border:1px solid #cbd2d9;border-radius:6px;margin:0 0 16px;padding:12px}
h1{font-size:1.5rem}.meta{color:#52606d;margin:0 0 8px}
pre{white-space:pre-wrap;background:#f5f7fa;padding:8px;font-size:1rem}
.status-failed,.err{color:#b00020}.status-pending,.status-sending{color:#8a5a00}.status-sent{color:#0b7a3e}
</style>
</head>
<body>
<main>
<h1>${heading}</h1>
<p>Text messages of this local ${escapeHtml(brand.siteName)}, newest first. They are kept here and never sent. This page exists only on a local server that listens on loopback.</p>
<form method="get"><label for="to">Phone number</label> <input id="to" name="to" type="tel" value="${escapeHtml(typed)}"> <button type="submit">Filter</button> <a href="?">All</a></form>
${entries.length === 0 ? '<p>No text messages yet.</p>' : `<ul>\n${items}\n</ul>`}
</main>
</body>
</html>`;
}

function registerDevRoutes(app: FastifyInstance): void {
  app.get('/dev/sms', { schema: { hide: true } }, async (request, reply) => {
    const { to, typed } = numberFilter(request);
    const entries = await listSms(app.db, { to, limit: 200 });
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      )
      .type('text/html; charset=utf-8')
      .send(inboxPage(entries, typed, to));
  });

  app.get('/dev/sms.json', { schema: { hide: true } }, async (request, reply) => {
    const entries = await listSms(app.db, { to: numberFilter(request).to, limit: 200 });
    return reply.header('cache-control', 'no-store').send(
      entries.map((entry) => ({
        to: entry.to,
        text: entry.text,
        kind: entry.kind,
        status: entry.status,
        createdAt: entry.createdAt.toISOString(),
      })),
    );
  });
}

/**
 * Text messages: the SMS outbox, its delivery worker (Termii, or the local SMS inbox), and on a
 * local server that only this machine can reach (`config.devSms`) the /dev/sms page and
 * /dev/sms.json. They show every texted code, so anyone who could reach them could take over
 * a phone verification.
 */
export const smsPlugin = fp<SmsPluginOptions>(
  async (app, options) => {
    const termii = app.config.sms.termii;
    const provider = options.provider ?? (termii ? createTermiiProvider(termii) : inboxProvider);
    const worker = new SmsWorker({
      db: app.db,
      provider,
      log: app.log,
      pollIntervalMs: options.pollIntervalMs,
      clock: options.clock,
    });
    app.decorate('sms', {
      enqueue: (executor: Executor, sms: OutgoingSms) => enqueueSms(executor, sms),
      enqueueForMember: (executor: Executor, userId: string, sms: Omit<OutgoingSms, 'to'>) =>
        enqueueSmsForMember(executor, userId, sms),
      kick: () => worker.kick(),
      worker,
    } satisfies SmsOutbox);

    app.addHook('onReady', async () => {
      worker.start();
    });
    app.addHook('onClose', async () => {
      await worker.stop();
    });

    if (app.config.devSms) registerDevRoutes(app);
  },
  { name: 'ipatient-sms', fastify: '5.x' },
);
