import type { TAuditSentence } from '@ipatient/contracts/admin';
import type { EndpointDefinition } from '@ipatient/contracts/endpoints/define';

// The pieces every audit teller is made of (audit-sentences.ts tells each route with them).

export type Snapshot = Record<string, unknown>;

export interface Told {
  verb: string;
  object: TAuditSentence['object'];
  rest?: string;
}

export interface Reading {
  id: string | null;
  before: Snapshot | null;
  after: Snapshot | null;
  /** The newest state recorded: after, else before. */
  latest: Snapshot | null;
}

export type Teller = (facts: Reading) => Told;

export const MAX_LABEL = 80;
export const MAX_REST = 160;

export function record(value: unknown): Snapshot | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Snapshot)
    : null;
}

export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export function text(snapshot: Snapshot | null, key: string): string | undefined {
  const value = snapshot?.[key];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** A person's name from a snapshot ("Musa Bello", or "Musa B." from a review's author). */
export function personName(snapshot: Snapshot | null): string | undefined {
  if (!snapshot) return undefined;
  const first = text(snapshot, 'firstName');
  const last = text(snapshot, 'lastName');
  const initial = text(snapshot, 'lastInitial');
  const name = [first, last ?? (initial ? `${initial}.` : undefined)].filter(Boolean).join(' ');
  return name || text(snapshot, 'name') || text(snapshot, 'email');
}

/** The first of these keys that holds text, in the newest state then the older one. */
export function firstText(reading: Reading, keys: readonly string[]): string | undefined {
  for (const snapshot of [reading.after, reading.before]) {
    for (const key of keys) {
      const found = text(snapshot, key);
      if (found) return found;
    }
  }
  return undefined;
}

export const quoted = (label: string | undefined, href: string | null = null) =>
  label ? { label: shorten(label, MAX_LABEL), quoted: true, href } : null;
export const named = (label: string | undefined, href: string | null = null) =>
  label ? { label: shorten(label, MAX_LABEL), quoted: false, href } : null;

/** "the campaign" with a label, "a campaign" without one (the record is named, or not). */
export function told(kind: string, verb: string, object: Told['object'], rest = ''): Told {
  return object
    ? { verb: `${verb} the ${kind}`, object, rest }
    : { verb: `${verb} a ${kind}`, object, rest };
}

export const reasonRest = (reason: string | undefined) =>
  reason ? `: ${shorten(reason, MAX_REST)}` : '';

export const hrefTo = (base: string, id: string | null) =>
  id ? `${base}/${encodeURIComponent(id)}` : null;

export const searchHref = (base: string, search: string | undefined) =>
  search ? `${base}?${new URLSearchParams({ search })}` : base;

/** A titled record (post, episode, facility…): added, changed or deleted. */
export function titled(
  kind: string,
  keys: readonly string[],
  href: (reading: Reading) => string | null,
): { add: Teller; change: Teller; remove: Teller } {
  return {
    add: (r) => told(kind, 'added', quoted(firstText(r, keys), href(r))),
    change: (r) => {
      const old = firstText({ ...r, after: null }, keys);
      const next = firstText({ ...r, before: null }, keys);
      if (old && next && old !== next) {
        return told(kind, 'renamed', quoted(old, href(r)), ` to “${shorten(next, MAX_LABEL)}”`);
      }
      return told(kind, 'changed', quoted(next ?? old, href(r)));
    },
    remove: (r) => told(kind, 'deleted', quoted(firstText(r, keys))),
  };
}

/** An action as the audit log stores it: "PUT /api/v1/admin/users/{id}/role". */
export function auditAction(method: string, url: string): string {
  return `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

/** The audit action of an endpoint, from its one definition. */
export const actionOf = (endpoint: EndpointDefinition) =>
  auditAction(endpoint.method, `/api/v1${endpoint.path}`);
