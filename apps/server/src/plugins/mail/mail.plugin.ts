import { brand } from '@ipatient/contracts';
import type { Executor } from '@ipatient/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messageMeta, registerDevInbox } from '../outbox/dev-inbox.ts';
import { runWithApp, type WorkerClock } from '../outbox/outbox-worker.ts';
import { escapeHtml } from './email-templates.ts';
import { MailWorker } from './mail-worker.ts';
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

/** /dev/mailbox and /dev/outbox.json; `?to=` is compared case-insensitively. */
function registerDevRoutes(app: FastifyInstance): void {
  registerDevInbox<OutboxEntry>(app, {
    pagePath: '/dev/mailbox',
    jsonPath: '/dev/outbox.json',
    // An email's HTML may carry its images as data: addresses.
    csp: "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'",
    recipient: (typed) => typed,
    list: (options) => listEmails(app.db, options),
    json: (entry) => ({
      to: entry.to,
      subject: entry.subject,
      text: entry.text,
      html: entry.html,
      listUnsubscribe: entry.listUnsubscribe ?? null,
      createdAt: entry.createdAt.toISOString(),
    }),
    page: {
      heading: (to) => (to ? `Mailbox of ${to}` : 'Mailbox'),
      intro: `Emails of this local ${brand.siteName}, newest first. This page exists only on a local server without SMTP that listens on loopback.`,
      filter: { label: 'Recipient', inputType: 'email' },
      empty: 'No emails yet.',
      style:
        'h2{font-size:1.1rem;margin:0 0 4px}iframe{width:100%;height:480px;border:1px solid #cbd2d9}',
      article: (entry) => ({
        label: entry.subject,
        html: `<h2>${escapeHtml(entry.subject)}</h2>
${messageMeta(entry)}${entry.listUnsubscribe ? `<p class="meta">List-Unsubscribe: &lt;${escapeHtml(entry.listUnsubscribe)}&gt; (one click)</p>` : ''}
<details open><summary>Text</summary><pre>${escapeHtml(entry.text)}</pre></details>
<details><summary>HTML</summary><iframe sandbox="" title="HTML of ${escapeHtml(entry.subject)}" srcdoc="${escapeHtml(entry.html)}"></iframe></details>`,
      }),
    },
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

    runWithApp(app, worker);

    if (app.config.devMailbox) registerDevRoutes(app);
  },
  { name: 'ipatient-mail', fastify: '5.x' },
);
