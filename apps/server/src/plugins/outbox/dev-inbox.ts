import { brand } from '@ipatient/contracts';
import { escapeHtml } from '@ipatient/contracts/html';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The local inboxes of the outboxes (/dev/mailbox, /dev/sms): an HTML page and a JSON list of
 * the messages, newest first, optionally for one recipient. Both outboxes show their messages
 * the same way; what differs (paths, texts, how a message reads) is passed in. Register them only
 * on a local server that only this machine can reach: they show every code sent.
 */
export interface DevInbox<Entry extends DevInboxEntry> {
  pagePath: string;
  jsonPath: string;
  /** The page's Content-Security-Policy. */
  csp: string;
  /** The recipient the outbox is searched for, from `?to=` as typed (trimmed, not empty). */
  recipient(typed: string): string;
  list(options: { to: string | undefined; limit: number }): Promise<Entry[]>;
  json(entry: Entry): object;
  page: {
    /** The heading and title, for everyone or for one recipient (plain text). */
    heading(to: string | undefined): string;
    /** The line under the heading (plain text). */
    intro: string;
    filter: { label: string; inputType: 'email' | 'tel' };
    empty: string;
    /** CSS added to the shared style. */
    style: string;
    /** One message: the article's label (plain text) and its HTML. */
    article(entry: Entry): { label: string; html: string };
  };
}

/** What the pages show of any message. */
export interface DevInboxEntry {
  to: string;
  status: string;
  attempts: number;
  lastError: string | null;
  deliveredVia: string | null;
  createdAt: Date;
}

/** A message's recipient (a filter link), `details`, time and status, then its last error. */
export function messageMeta(entry: DevInboxEntry, ...details: string[]): string {
  const created = entry.createdAt.toISOString();
  const via = entry.deliveredVia ? ` via ${escapeHtml(entry.deliveredVia)}` : '';
  const meta = [
    `To <a href="?to=${encodeURIComponent(entry.to)}">${escapeHtml(entry.to)}</a>`,
    ...details.map(escapeHtml),
    `<time datetime="${created}">${created.replace('T', ' ').slice(0, 19)} UTC</time>`,
    `<span class="status-${entry.status}">${entry.status}</span>${via}`,
  ].join(' &middot; ');
  const error = entry.lastError
    ? `<p class="err">Last error (attempt ${entry.attempts}): ${escapeHtml(entry.lastError)}</p>`
    : '';
  return `<p class="meta">${meta}</p>\n${error}`;
}

function inboxPage<Entry extends DevInboxEntry>(
  page: DevInbox<Entry>['page'],
  entries: Entry[],
  filter: { typed: string; to: string | undefined },
): string {
  const items = entries
    .map((entry) => {
      const { label, html } = page.article(entry);
      return `<li>\n<article aria-label="${escapeHtml(label)}">\n${html}\n</article>\n</li>`;
    })
    .join('\n');
  const heading = escapeHtml(page.heading(filter.to));
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
pre{white-space:pre-wrap;background:#f5f7fa;padding:8px}
.status-failed,.err{color:#b00020}.status-pending,.status-sending{color:#8a5a00}.status-sent{color:#0b7a3e}
${page.style}
</style>
</head>
<body>
<main>
<h1>${heading}</h1>
<p>${escapeHtml(page.intro)}</p>
<form method="get"><label for="to">${escapeHtml(page.filter.label)}</label> <input id="to" name="to" type="${page.filter.inputType}" value="${escapeHtml(filter.typed)}"> <button type="submit">Filter</button> <a href="?">All</a></form>
${entries.length === 0 ? `<p>${escapeHtml(page.empty)}</p>` : `<ul>\n${items}\n</ul>`}
</main>
</body>
</html>`;
}

export function registerDevInbox<Entry extends DevInboxEntry>(
  app: FastifyInstance,
  inbox: DevInbox<Entry>,
): void {
  const filterOf = (request: FastifyRequest) => {
    const { to } = request.query as { to?: unknown };
    const typed = typeof to === 'string' ? to.trim() : '';
    return { typed, to: typed ? inbox.recipient(typed) : undefined };
  };

  app.get(inbox.pagePath, { schema: { hide: true } }, async (request, reply) => {
    const filter = filterOf(request);
    const entries = await inbox.list({ to: filter.to, limit: 200 });
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', inbox.csp)
      .type('text/html; charset=utf-8')
      .send(inboxPage(inbox.page, entries, filter));
  });

  app.get(inbox.jsonPath, { schema: { hide: true } }, async (request, reply) => {
    const entries = await inbox.list({ to: filterOf(request).to, limit: 200 });
    return reply
      .header('cache-control', 'no-store')
      .send(entries.map((entry) => inbox.json(entry)));
  });
}
