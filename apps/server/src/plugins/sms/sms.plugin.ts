import { brand } from '@ipatient/contracts';
import { normalizeNigerianPhone } from '@ipatient/contracts/account-rules';
import { escapeHtml } from '@ipatient/contracts/html';
import type { Executor } from '@ipatient/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messageMeta, registerDevInbox } from '../outbox/dev-inbox.ts';
import { runWithApp, type WorkerClock } from '../outbox/outbox-worker.ts';
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

/** /dev/sms and /dev/sms.json; `?to=` may be typed in any Nigerian form (0803…, +234803…). */
function registerDevRoutes(app: FastifyInstance): void {
  registerDevInbox<SmsEntry>(app, {
    pagePath: '/dev/sms',
    jsonPath: '/dev/sms.json',
    csp: "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    recipient: (typed) => normalizeNigerianPhone(typed) ?? typed,
    list: (options) => listSms(app.db, options),
    json: (entry) => ({
      to: entry.to,
      text: entry.text,
      kind: entry.kind,
      status: entry.status,
      createdAt: entry.createdAt.toISOString(),
    }),
    page: {
      heading: (to) => (to ? `Text messages to ${to}` : 'Text messages'),
      intro: `Text messages of this local ${brand.siteName}, newest first. They are kept here and never sent. This page exists only on a local server that listens on loopback.`,
      filter: { label: 'Phone number', inputType: 'tel' },
      empty: 'No text messages yet.',
      style: 'pre{font-size:1rem}',
      article: (entry) => ({
        label: `Text to ${entry.to}`,
        html: `${messageMeta(entry, entry.kind)}<pre>${escapeHtml(entry.text)}</pre>
<p class="meta">${entry.text.length} characters</p>`,
      }),
    },
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

    runWithApp(app, worker);

    if (app.config.devSms) registerDevRoutes(app);
  },
  { name: 'ipatient-sms', fastify: '5.x' },
);
