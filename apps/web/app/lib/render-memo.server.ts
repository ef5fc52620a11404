import { createHash, randomBytes } from 'node:crypto';
import {
  type DeflatedValue,
  deflatedValue,
  deflatePiece,
  gzipSplice,
  joinDeflated,
} from '@ipatient/contracts/gzip-splice.server';
import { LRUCache } from 'lru-cache';
import { type ChoiceList, choiceLists, choose } from './choice-lists.ts';
import { escapeHtml } from './escape-html.ts';

/**
 * Server renderings of static pages shared by everyone whose page data is the same, each reader's
 * own values filled in (docs/architecture.md, "Shared renderings").
 *
 * A page's HTML is a function of its address, its status and its routes' loader data. Most of
 * a member's page is the same for every member (the campaigns, the post, the comments); what is
 * theirs alone is a handful of values at known places in the loader data: the name and photo in
 * the header, the donate form's name and email, the CSRF token of every form (and the script
 * nonce). Those places (`PERSONAL_PLACES`) are replaced with marks before rendering; the key is
 * the address, the status and everything else in the data, so two readers share a rendering only
 * when everything the page was made from but those values is identical. The stored rendering is
 * cut at the marks and each reader gets it with their own values, escaped as React escapes text
 * and attribute values. Whatever else is personal (a like, a flash message, the account page's
 * other tabs) stays in the key: such a page is simply not shared. The account page's details are
 * places too, its selects' chosen options included (`CHOICE_PLACES`).
 *
 * A rendering is given for RENDER_TTL_MS (like the visitors' pages: relative times and the like
 * move on; it is kept as long again for members' pages being made anew, `ended`), and kept only
 * once a second reader asked for it: until then it is held uncompressed among the renderings
 * asked for once (at most MAX_ASKED_ONCE_BYTES in all), so a page nobody else will see costs
 * little to keep, and the second reader is given it rather than rendering it again.
 * Nothing needs emptying after a write: changed data is another key.
 */
export const RENDER_TTL_MS = 2000;
/**
 * How long a kept rendering stays after its lifetime, for a member's page being made again
 * meanwhile (`ended`): the others of that address are given the ended one rather than wait.
 */
export const RENDER_KEPT_MS = 2 * RENDER_TTL_MS;
const MAX_ENTRY_BYTES = 512 * 1024;
const MAX_CACHE_BYTES = 16 * 1024 * 1024;
/**
 * Renderings asked for once, held (uncompressed) in case a second reader asks within the
 * lifetime: a page nobody else sees (the account page) costs at most this, and a page that is
 * asked for again is not rendered a second time.
 */
const MAX_ASKED_ONCE_BYTES = 4 * 1024 * 1024;

/**
 * Where a reader's own values sit in the loader data, by route id. Components must use these
 * values as they are (written into text or an attribute, joined with other text), never derive
 * from them (a first letter, a length): a derived value is given its own place instead, as the
 * header's initial is.
 */
export const PERSONAL_PLACES: Record<string, readonly (readonly string[])[]> = {
  root: [
    ['csrf'],
    ['user', 'firstName'],
    ['user', 'lastName'],
    ['user', 'image'],
    ['user', 'initial'],
  ],
  'routes/campaign': [
    ['donor', 'name'],
    ['donor', 'email'],
  ],
  // The account page's member (features/account/account-user.ts).
  'routes/account': [
    ['user', 'firstName'],
    ['user', 'lastName'],
    ['user', 'email'],
    ['user', 'phone'],
    ['user', 'image'],
    ['user', 'initial'],
    ['user', 'age'],
    ['user', 'address'],
    ['user', 'gender'],
    ['user', 'state'],
    ['user', 'lga'],
  ],
};

/**
 * Places that are a select's choice rather than text: the component writes the select's options
 * as HTML made once (lib/choice-lists.ts), which is the reader's mark alone in a shared
 * rendering, and the place is filled with the whole list, the reader's choice selected. A list
 * is compressed once per choice (`choiceFilling`).
 */
const CHOICE_PLACES: Record<string, ChoiceList> = {
  'routes/account:user.gender': choiceLists.gender,
  'routes/account:user.state': choiceLists.state,
  'routes/account:user.lga': choiceLists.lga,
};

/**
 * Marks: made by this process, random, never sent to anyone, of letters and digits only (React
 * writes them unchanged), and of one length so none is the start of another.
 */
const MARK_PREFIX = `pm${randomBytes(12).toString('hex')}`;
const markOf = (index: number) => `${MARK_PREFIX}${String(index).padStart(3, '0')}x`;
const MARK_SIGNATURE = MARK_PREFIX.slice(0, 10);
const MARK_PATTERN = new RegExp(`${MARK_PREFIX}(\\d{3})x`, 'g');
/** The nonce has a mark of its own: it is never in the loader data. */
export const NONCE_MARK = `${MARK_PREFIX}nncx`;
const ANY_MARK = new RegExp(`${MARK_PREFIX}(?:(\\d{3})|nnc)x`, 'g');

type LoaderData = Record<string, unknown>;

/** The loader data with each reader's own value replaced by a mark, and the values in order. */
export function markPersonalValues(loaderData: LoaderData): {
  data: LoaderData;
  values: string[];
  /** Where each value was (`routeId:key.key`), in the same order: which marks a rendering has. */
  places: string[];
} {
  const values: string[] = [];
  const places: string[] = [];
  const data: LoaderData = { ...loaderData };
  for (const [routeId, routePlaces] of Object.entries(PERSONAL_PLACES)) {
    for (const place of routePlaces) {
      data[routeId] = replaceAt(data[routeId], place, (value) => {
        if (typeof value !== 'string' || value === '') return value;
        values.push(value);
        places.push(`${routeId}:${place.join('.')}`);
        return markOf(values.length - 1);
      });
    }
  }
  return { data, values, places };
}

/** A copy of `value` with the leaf at `path` replaced (objects on the path copied, others shared). */
function replaceAt(
  value: unknown,
  path: readonly string[],
  replace: (leaf: unknown) => unknown,
): unknown {
  if (path.length === 0) return replace(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (!(head in value)) return value;
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, replace) };
}

/**
 * The key of a rendering: the address, the status and the marked loader data. Undefined when
 * the data holds something JSON would not tell apart (a Map, a function...): not shared.
 */
export function renderingKey(url: string, status: number, data: LoaderData): string | undefined {
  let plain = true;
  const json = JSON.stringify(data, (_key, value: unknown) => {
    if (value === undefined) return '\u0000undefined';
    if (
      typeof value === 'function' ||
      typeof value === 'symbol' ||
      typeof value === 'bigint' ||
      value instanceof Map ||
      value instanceof Set
    ) {
      plain = false;
    }
    return value;
  });
  if (!plain) return undefined;
  return createHash('sha256').update(`${url}\n${status}\n`).update(json).digest('base64url');
}

/**
 * A rendering cut at its marks, as bytes: `slots[i]` (a value's index, or -1 for the nonce)
 * goes between `pieces[i]` and `pieces[i + 1]`.
 */
export interface MarkedRendering {
  pieces: Buffer[];
  slots: number[];
  /** Each piece compressed once, when the rendering is kept (`@ipatient/contracts/gzip-splice.server`). */
  deflated?: Buffer[];
  /** When it was rendered (the memo's clock), once offered to the memo. */
  madeAt?: number;
}

const SCRIPT_CONTENT = /<script\b[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * Cuts a rendering at its marks. Undefined when a reader's value landed inside a script (island
 * props are JSON there, escaped otherwise than HTML) or was changed on the way (a mark cut short,
 * a value derived from it): that page is not shared, it is rendered for each reader.
 */
export function cutAtMarks(html: string, valueCount: number): MarkedRendering | undefined {
  for (const match of html.matchAll(SCRIPT_CONTENT)) {
    MARK_PATTERN.lastIndex = 0;
    if (MARK_PATTERN.test(match[1] ?? '')) return undefined;
  }
  const pieces: string[] = [];
  const slots: number[] = [];
  let start = 0;
  for (const match of html.matchAll(ANY_MARK)) {
    const index = match[1] === undefined ? -1 : Number(match[1]);
    if (index >= valueCount) return undefined;
    pieces.push(html.slice(start, match.index));
    slots.push(index);
    start = match.index + match[0].length;
  }
  pieces.push(html.slice(start));
  // What is left must hold no part of a mark, in any case: a value was cut short or changed on
  // the way (ten random characters of a mark never turn up by chance).
  if (pieces.some((piece) => piece.toLowerCase().includes(MARK_SIGNATURE))) return undefined;
  return { pieces: pieces.map((piece) => Buffer.from(piece)), slots };
}

/** Each choice's list as compressed once, by place and value (every LGA's list is 46 KB). */
const deflatedChoices = new LRUCache<string, DeflatedValue>({
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (value) => value.deflated.length || 1,
});

/** About how long a part of a list is: a choice compresses anew only the parts that hold it. */
const LIST_PART_BYTES = 2048;

/** Each list cut before its options into parts, each compressed once, by place. */
const listParts = new Map<string, { parts: string[]; deflated: DeflatedValue[] }>();

function partsOf(place: string, list: ChoiceList) {
  let found = listParts.get(place);
  if (!found) {
    const html = list.unchosen();
    const parts: string[] = [];
    let start = 0;
    for (const match of html.matchAll(/<option[\s>]|<optgroup[\s>]/g)) {
      if (match.index - start >= LIST_PART_BYTES) {
        parts.push(html.slice(start, match.index));
        start = match.index;
      }
    }
    parts.push(html.slice(start));
    found = { parts, deflated: parts.map((part) => deflatedValue(Buffer.from(part))) };
    listParts.set(place, found);
  }
  return found;
}

/**
 * A choice place's list with the reader's choice: for a gzip answer, compressed (and kept) as
 * the list's parts compressed once with only the parts that hold the choice compressed anew;
 * its splice needs only that and the list's length and checksum. As it is otherwise.
 */
function choiceFilling(
  place: string,
  value: string,
  list: ChoiceList,
  gzip: boolean,
): Buffer | DeflatedValue {
  if (!gzip) return Buffer.from(list.options(value));
  const key = `${place}\n${value}`;
  let deflated = deflatedChoices.get(key);
  if (!deflated) {
    const { parts, deflated: unchosen } = partsOf(place, list);
    deflated = joinDeflated(
      parts.map((part, i) => {
        const chosen = choose(part, value);
        return chosen === part
          ? (unchosen[i] as DeflatedValue)
          : deflatedValue(Buffer.from(chosen));
      }),
    );
    deflatedChoices.set(key, deflated);
  }
  return deflated;
}

/**
 * What goes between each two pieces for this reader: their values (and nonce), escaped, and
 * at a choice place (`places`, the values' places) the list with their choice, compressed once
 * when the answer is gzip.
 */
function betweenPieces(
  rendering: MarkedRendering,
  values: string[],
  nonce: string | undefined,
  places: readonly string[],
  gzip: boolean,
): (Buffer | DeflatedValue)[] {
  const filled = values.map((value, index) => {
    const place = places[index] ?? '';
    const list = CHOICE_PLACES[place];
    return list ? choiceFilling(place, value, list, gzip) : Buffer.from(escapeHtml(value));
  });
  const nonceBytes = Buffer.from(escapeHtml(nonce ?? ''));
  return rendering.slots.map((slot) =>
    slot === -1 ? nonceBytes : (filled[slot] ?? Buffer.alloc(0)),
  );
}

/**
 * The rendering with this reader's values (and nonce) in place of the marks; `places` says
 * where each value was (markPersonalValues), for the choice places.
 */
export function fillMarks(
  rendering: MarkedRendering,
  values: string[],
  nonce: string | undefined,
  places: readonly string[],
): Buffer {
  const between = betweenPieces(rendering, values, nonce, places, false) as Buffer[];
  const parts: Buffer[] = [];
  for (const [i, piece] of rendering.pieces.entries()) {
    if (i > 0) parts.push(between[i - 1] as Buffer);
    parts.push(piece);
  }
  return Buffer.concat(parts);
}

/**
 * The same page as fillMarks, gzip-compressed from the pieces compressed when the rendering was
 * kept: only this reader's values are added per request. Undefined for a rendering not kept.
 */
export function gzipMarks(
  rendering: MarkedRendering,
  values: string[],
  nonce: string | undefined,
  places: readonly string[],
): Buffer | undefined {
  if (!rendering.deflated) return undefined;
  return gzipSplice(
    rendering.pieces,
    rendering.deflated,
    betweenPieces(rendering, values, nonce, places, true),
  );
}

const sizeOf = (rendering: MarkedRendering) =>
  [...rendering.pieces, ...(rendering.deflated ?? [])].reduce(
    (sum, piece) => sum + piece.length,
    0,
  ) || 1;

/**
 * Stored renderings, and the renderings asked for once: one asked for again within the lifetime
 * is kept (its pieces compressed then) and given, rather than rendered a second time.
 */
export function createRenderMemo(options: { now?: () => number } = {}) {
  const now = options.now ?? (() => performance.now());
  // Past its time a rendering is dropped then, not when the memo next fills (a test's
  // hand-moved clock drops nothing).
  const clock = options.now
    ? { perf: { now: options.now }, ttlResolution: 0 }
    : { ttlAutopurge: true };
  const renderings = new LRUCache<string, MarkedRendering>({
    max: 2000,
    maxSize: MAX_CACHE_BYTES,
    maxEntrySize: MAX_ENTRY_BYTES,
    sizeCalculation: sizeOf,
    ttl: RENDER_KEPT_MS,
    ...clock,
  });
  const askedOnce = new LRUCache<string, MarkedRendering>({
    max: 10_000,
    maxSize: MAX_ASKED_ONCE_BYTES,
    maxEntrySize: MAX_ENTRY_BYTES,
    sizeCalculation: sizeOf,
    ttl: RENDER_TTL_MS,
    ...clock,
  });
  const keep = (key: string, rendering: MarkedRendering) => {
    const kept = { ...rendering, deflated: rendering.pieces.map(deflatePiece) };
    askedOnce.delete(key);
    renderings.set(key, kept);
    return kept;
  };
  const fresh = (rendering: MarkedRendering) => now() - (rendering.madeAt ?? 0) <= RENDER_TTL_MS;
  /** The kept rendering; one asked for once before is kept now, as this is the second ask. */
  const get = (key: string): MarkedRendering | undefined => {
    const kept = renderings.get(key);
    if (kept && fresh(kept)) return kept;
    const once = askedOnce.get(key);
    return once && keep(key, once);
  };
  return {
    get,
    /**
     * The kept rendering, ended or not (up to RENDER_KEPT_MS): for a member's page that is being
     * made again, given meanwhile to others of its address (plugins/web-member-pages.ts).
     */
    ended(key: string): MarkedRendering | undefined {
      return renderings.get(key) ?? get(key);
    },
    /**
     * A rendering made because none was kept: held as asked for once, or kept if it was (or if
     * an ended one was kept: it is asked for again).
     */
    offer(key: string, rendering: MarkedRendering) {
      const made = { ...rendering, madeAt: now() };
      if (askedOnce.has(key) || renderings.has(key)) keep(key, made);
      else askedOnce.set(key, made);
    },
  };
}

export type RenderMemo = ReturnType<typeof createRenderMemo>;
