import { brand } from '@ipatient/contracts';
import type { Executor } from '@ipatient/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from './email-templates.ts';
import { MailWorker, type WorkerClock } from './mail-worker.ts';
import {
  enqueueEmail,
  listEmails,
  type OutboxEntry,
  type OutgoingEmail,
} from './outbox.repository.ts';
import { createSmtpTransport, type MailTransport, mailboxTransport } from './transports.ts';

export interface Mailer {
  /** Queues an email in the caller's transaction; call `kick()` once it has committed. */
  enqueue(executor: Executor, email: OutgoingEmail): Promise<void>;
  /** Asks the worker to deliver due messages now instead of at its next poll. */
  kick(): void;
  worker: MailWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

export interface MailPluginOptions {
  /** Overrides the transport chosen from the configuration (tests). */
  transport?: MailTransport;
  pollIntervalMs?: number;
  /** The worker's time and poll timer (tests). */
  clock?: WorkerClock;
}

function recipientFilter(request: FastifyRequest): string | undefined {
  const { to } = request.query as { to?: unknown };
  return typeof to === 'string' && to.trim() !== '' ? to.trim() : undefined;
}

function mailboxPage(entries: OutboxEntry[], to: string | undefined): string {
  const items = entries
    .map((entry) => {
      const created = entry.createdAt.toISOString();
      const error = entry.lastError
        ? `<p class="err">Last error (attempt ${entry.attempts}): ${escapeHtml(entry.lastError)}</p>`
        : '';
      return `<li>
<article aria-label="${escapeHtml(entry.subject)}">
<h2>${escapeHtml(entry.subject)}</h2>
<p class="meta">To <a href="?to=${encodeURIComponent(entry.to)}">${escapeHtml(entry.to)}</a> &middot; <time datetime="${created}">${created.replace('T', ' ').slice(0, 19)} UTC</time> &middot; <span class="status-${entry.status}">${entry.status}</span>${entry.deliveredVia ? ` via ${escapeHtml(entry.deliveredVia)}` : ''}</p>
${error}${entry.listUnsubscribe ? `<p class="meta">List-Unsubscribe: &lt;${escapeHtml(entry.listUnsubscribe)}&gt; (one click)</p>` : ''}
<details open><summary>Text</summary><pre>${escapeHtml(entry.text)}</pre></details>
<details><summary>HTML</summary><iframe sandbox="" title="HTML of ${escapeHtml(entry.subject)}" srcdoc="${escapeHtml(entry.html)}"></iframe></details>
</article>
</li>`;
    })
    .join('\n');
  const heading = to ? `Mailbox of ${escapeHtml(to)}` : 'Mailbox';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} · ${escapeHtml(brand.siteName)} (local)</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:800px;padding:16px;color:#1f2933}
ul{list-style:none;padding:0}li{border:1px solid #cbd2d9;border-radius:6px;margin:0 0 16px;padding:12px}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 4px}.meta{color:#52606d;margin:0 0 8px}
pre{white-space:pre-wrap;background:#f5f7fa;padding:8px}iframe{width:100%;height:480px;border:1px solid #cbd2d9}
.status-failed,.err{color:#b00020}.status-pending{color:#8a5a00}.status-sent{color:#0b7a3e}
</style>
</head>
<body>
<main>
<h1>${heading}</h1>
<p>Emails of this local ${escapeHtml(brand.siteName)}, newest first. This page exists only on a local server without SMTP that listens on loopback.</p>
<form method="get"><label for="to">Recipient</label> <input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}"> <button type="submit">Filter</button> <a href="?">All</a></form>
${entries.length === 0 ? '<p>No emails yet.</p>' : `<ul>\n${items}\n</ul>`}
</main>
</body>
</html>`;
}

function registerDevRoutes(app: FastifyInstance): void {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    const to = recipientFilter(request);
    const entries = await listEmails(app.db, { to, limit: 200 });
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'",
      )
      .type('text/html; charset=utf-8')
      .send(mailboxPage(entries, to));
  });

  app.get('/dev/outbox.json', { schema: { hide: true } }, async (request, reply) => {
    const entries = await listEmails(app.db, { to: recipientFilter(request), limit: 200 });
    return reply.header('cache-control', 'no-store').send(
      entries.map((entry) => ({
        to: entry.to,
        subject: entry.subject,
        text: entry.text,
        html: entry.html,
        listUnsubscribe: entry.listUnsubscribe ?? null,
        createdAt: entry.createdAt.toISOString(),
      })),
    );
  });
}

/**
 * Email: the outbox, its delivery worker (SMTP when SMTP_URL is set, else the local mailbox),
 * and on a local server that only this machine can reach (`config.devMailbox`) the /dev/mailbox
 * page and /dev/outbox.json for people and browser tests. They show every emailed code, so
 * anyone who could reach them could take over any account.
 */
export const mailPlugin = fp<MailPluginOptions>(
  async (app, options) => {
    const transport =
      options.transport ??
      (app.config.smtpUrl ? createSmtpTransport(app.config.smtpUrl) : mailboxTransport);
    const worker = new MailWorker({
      db: app.db,
      transport,
      from: app.config.mailFrom,
      log: app.log,
      pollIntervalMs: options.pollIntervalMs,
      clock: options.clock,
    });
    app.decorate('mail', {
      enqueue: (executor: Executor, email: OutgoingEmail) => enqueueEmail(executor, email),
      kick: () => worker.kick(),
      worker,
    } satisfies Mailer);

    app.addHook('onReady', async () => {
      worker.start();
    });
    app.addHook('onClose', async () => {
      await worker.stop();
    });

    if (app.config.devMailbox) registerDevRoutes(app);
  },
  { name: 'ipatient-mail', fastify: '5.x' },
);
