import { adminLimits } from '@ipatient/contracts/admin';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { insertAuditEntry } from './audit.repository.ts';
import { auditAction, auditSentence } from './audit-sentences.ts';

export interface AuditConfig {
  /** The entity type written to the log; derived from the path when not given. */
  entity?: string;
  /**
   * The route is open to members too (they act on their own records); it is recorded only
   * when the caller is an admin.
   */
  adminOnly?: boolean;
  /** The record as it was before the write (called after the route's own preHandlers). */
  before?: (request: FastifyRequest) => Promise<unknown>;
}

export interface AdminRoute {
  method: HTTPMethods;
  /** The route pattern with its prefix, e.g. `/api/v1/admin/crowdfunding/:id/status`. */
  url: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Opts a route into the audit log, or tunes how an admin route is recorded. */
    audit?: AuditConfig;
  }
  interface FastifyInstance {
    /** Every route behind `app.requireAdmin` (HEAD left out), for the authorisation matrix. */
    adminRoutes: ReadonlyArray<AdminRoute>;
    /** Every write route the audit log records (each must have a sentence, see audit-sentences). */
    auditedRoutes: ReadonlyArray<AdminRoute>;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_BYTES = adminLimits.auditSnapshotMaxBytes;
const MAX_STRING = 500;
const SECRET_KEY = /password|token|secret/i;

/** Verb prefixes of the legacy paths ("update-blog") and their spelling mistakes. */
const VERB_PREFIX =
  /^(soft-delete|post|create|update|delete|get|add|edit|remove|set|fetch|comment-on|like)-/;
const ENTITY_ALIASES: Record<string, string> = {
  crowedfunding: 'crowdfunding',
  'hub-category': 'blog-category',
  author: 'blog-author',
};

/**
 * The entity type of a path when the route does not name it: the first segment after /api/v1
 * that is not "admin" or a parameter, without its verb ("update-advocacy-status" → "advocacy").
 */
export function entityTypeOf(url: string): string {
  const segments = url
    .replace(/^\/api\/v\d+/, '')
    .split('/')
    .filter((segment) => segment && segment !== 'admin' && !segment.startsWith(':'));
  const first = (segments[0] ?? 'unknown').toLowerCase().replaceAll('_', '-');
  const type = first.replace(VERB_PREFIX, '').replace(/-status$/, '') || first;
  return ENTITY_ALIASES[type] ?? type;
}

/** A copy without secrets (keys naming a password, token or secret) and with long texts cut. */
function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string' && value.length > MAX_STRING) {
      return `${value.slice(0, MAX_STRING)}…`;
    }
    return value;
  }
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  if (value instanceof Date) return value.toISOString();
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key) || item === undefined) continue;
    copy[key] = withoutSecrets(item, depth + 1);
  }
  return copy;
}

const byteLength = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');

/**
 * A snapshot for the log: secrets removed and at most 4 KB of JSON. A larger object keeps as
 * many of its fields as fit and says `_truncated: true`.
 */
export function auditSnapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const clean = withoutSecrets(value);
  if (byteLength(clean) <= MAX_BYTES) return clean;
  if (clean === null || typeof clean !== 'object') return null;
  const entries = Array.isArray(clean)
    ? clean.map((item, index) => [String(index), item] as const)
    : Object.entries(clean);
  const kept: Record<string, unknown> = { _truncated: true };
  for (const [key, item] of entries) {
    const small = byteLength(item) > MAX_BYTES / 4 ? '…' : item;
    kept[key] = small;
    if (byteLength(kept) > MAX_BYTES - 16) {
      delete kept[key];
      break;
    }
  }
  return kept;
}

function idOf(value: unknown): string | undefined {
  if (value && typeof value === 'object' && '_id' in value) {
    const id = (value as { _id: unknown })._id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return undefined;
}

function parsePayload(payload: unknown): unknown {
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isAdmin = (request: FastifyRequest) => request.auth?.user.role === 'admin';

interface Captured {
  before?: unknown;
  body?: unknown;
}

function appendHook<T>(existing: T | T[] | undefined, hook: T): T[] {
  const list = existing === undefined ? [] : Array.isArray(existing) ? [...existing] : [existing];
  if (!list.includes(hook)) list.push(hook);
  return list;
}

/**
 * The audit log (docs/product.md#audit-log): every successful write by an admin on a route behind
 * `app.requireAdmin`, or on a route that opts in with `config.audit`, becomes one `audit_log`
 * row after the handler. Failing to write the row is logged and never changes the answer.
 */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    const adminRoutes: AdminRoute[] = [];
    app.decorate('adminRoutes', adminRoutes);
    const auditedRoutes: AdminRoute[] = [];
    app.decorate('auditedRoutes', auditedRoutes);
    const captured = new WeakMap<FastifyRequest, Captured>();

    const shouldRecord = (request: FastifyRequest) =>
      WRITES.has(request.method) && isAdmin(request);

    async function captureBefore(request: FastifyRequest): Promise<void> {
      if (!shouldRecord(request)) return;
      const state: Captured = {};
      captured.set(request, state);
      const before = request.routeOptions.config.audit?.before;
      if (!before) return;
      try {
        state.before = await before(request);
      } catch (error) {
        request.log.warn({ err: error }, 'audit: reading the record before the write failed');
      }
    }

    async function captureBody(
      request: FastifyRequest,
      _reply: FastifyReply,
      payload: unknown,
    ): Promise<unknown> {
      const state = captured.get(request);
      if (state) state.body = payload;
      return payload;
    }

    async function record(
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
    ): Promise<unknown> {
      const state = captured.get(request);
      if (!state || !shouldRecord(request) || reply.statusCode < 200 || reply.statusCode >= 300) {
        return payload;
      }
      captured.delete(request);
      try {
        const user = request.auth?.user;
        if (!user) return payload;
        const body = (state.body ?? parsePayload(payload)) as
          | { result?: unknown; data?: unknown }
          | undefined;
        const after = body?.result ?? body?.data;
        const params = request.params as Record<string, unknown> | undefined;
        const paramId = params?.id;
        const entityId =
          (typeof paramId === 'string' ? paramId : undefined) ?? idOf(after) ?? idOf(body?.data);
        const url = request.routeOptions.url ?? request.url;
        const action = auditAction(request.method, url);
        const config = request.routeOptions.config.audit;
        const facts = {
          actorName: `${user.firstName} ${user.lastName}`.trim(),
          action,
          entityType: config?.entity ?? entityTypeOf(url),
          entityId: entityId ?? null,
          before: auditSnapshot(state.before),
          after: auditSnapshot(after),
        };
        await insertAuditEntry(app.db, {
          ...facts,
          actorId: user.id,
          // The sentence as it reads today, so the log's search finds records by their names.
          summary: auditSentence(facts).text,
          requestId: request.id,
        });
      } catch (error) {
        app.log.error({ err: error, requestId: request.id }, 'audit: writing the entry failed');
      }
      return payload;
    }

    app.addHook('onRoute', function markAudited(this: FastifyInstance, route: RouteOptions) {
      const hooksOf = (hooks: unknown): unknown[] =>
        hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
      const preHandlers = hooksOf(route.preHandler);
      const requireAdmin = this.requireAdmin;
      // Routes from an endpoint definition check admins on request; older ones in a preHandler.
      const adminOnlyRoute =
        typeof requireAdmin === 'function' &&
        [...preHandlers, ...hooksOf(route.onRequest)].some((handler) => handler === requireAdmin);
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(
        (method) => method.toUpperCase() as HTTPMethods,
      );
      if (adminOnlyRoute) {
        // The caller is checked as the request arrives, before its body is read or validated:
        // a visitor gets 401 and a member 403 whatever they send.
        if (preHandlers.includes(requireAdmin)) {
          route.preHandler = preHandlers.filter(
            (handler) => handler !== requireAdmin,
          ) as RouteOptions['preHandler'];
          route.onRequest = appendHook(route.onRequest, requireAdmin);
        }
        for (const method of methods) {
          if (method === 'HEAD') continue;
          if (!adminRoutes.some((known) => known.method === method && known.url === route.url)) {
            adminRoutes.push({ method, url: route.url });
          }
        }
      }
      const optedIn = route.config?.audit !== undefined;
      if (!(adminOnlyRoute || optedIn) || !methods.some((method) => WRITES.has(method))) return;
      for (const method of methods) {
        if (WRITES.has(method)) auditedRoutes.push({ method, url: route.url });
      }
      route.preHandler = appendHook(route.preHandler, captureBefore);
      route.preSerialization = appendHook(route.preSerialization, captureBody);
      route.onSend = appendHook(route.onSend, record);
    });
  },
  { name: 'audit' },
);
