import { cookieNames } from '@ipatient/contracts/constants';
import type { MemberPageFiller, MemberRendering } from '@ipatient/contracts/member-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { postsLikedBy } from '../features/blog/blog-posts.service.ts';
import { campaignsLikedBy } from '../features/campaigns/campaigns.service.ts';
import { readCookies } from '../lib/cookies.ts';
import { presentUser } from '../lib/present-user.ts';
import { userOfAccessToken } from './auth/auth.plugin.ts';
import {
  acceptsGzip,
  leadersAnswer,
  PUBLIC_CACHE_TTL_MS,
  publicCaches,
  SHARED_READ_KEPT_MS,
} from './public-cache.ts';

/**
 * Members' static pages given at once (docs/architecture.md, "Members' pages").
 *
 * A member's page of a static route (a campaign, a post, the home page) is a shared rendering
 * with their own values filled in (the web app's render memo). Rendering it still ran the whole
 * web app: its loaders' in-process API calls, React Router, the key of the data. Yet for every
 * member who is not named in the page's data and is not an admin, that data differs only by
 * their own values and their own Green-Hearts on it (the API's own rule: such a member's answer
 * is the visitors' reading with their likes added). So once a member's page was made, the
 * server keeps, per address (and cookie-banner choice), what it was made of: the likeable
 * campaigns and posts on it, every id in its data, and which rendering each combination of
 * likes led to. The next member's page is then that rendering with their values: one session
 * check (cached), one query of their likes among those few ids, and the splice. The account
 * page's Account Information tab is all its member's own: the web app records it only when all
 * of its data is what their account makes again, and a rendering is picked by the member's
 * flags and empty details as well (`facts`: an advocate, a facility account, no address).
 *
 * Kept as the shared reads are: given for PUBLIC_CACHE_TTL_MS, then for as long again only while
 * one member's page of that address is being made anew by the web app (the others are given the
 * ended one at once rather than all wait for that making: `pageStanding`), and emptied by every
 * write through this instance (plugins/public-cache.ts), so a member sees their own change at
 * once; the renderings themselves last as long (render memo, `ended`). A member named in the data (an organiser, an author, a
 * donor, a commenter), an admin, a request with any cookie beyond the session's, the CSRF token
 * and the banner choice (a message, a form kept while they signed in), a session that needs
 * refreshing or a combination of likes not seen yet: the page is made by the web app as before,
 * and a page that may be shared is recorded for the next member.
 */

/** Combinations of likes kept per page: a few members' pages each, not one per member. */
const MAX_VARIANTS = 64;

/** The cookies a member's page may come with to be given this way. */
const MEMBER_PAGE_COOKIES = new Set<string>([
  cookieNames.accessToken,
  cookieNames.refreshToken,
  cookieNames.csrf,
  cookieNames.consent,
]);

/** What a member's page of one address was made of, and the rendering of each combination. */
export interface MemberPage {
  routeIds: string[];
  likeable: MemberRendering['likeable'];
  subjects: Set<string>;
  headers: [string, string][];
  /** `variantOf(liked, places)` → the render memo's key. */
  variants: Map<string, string>;
  /** When it was recorded anew (`memberPages`' clock): its lifetime starts then. */
  madeAt: number;
  /** About what the entry takes in memory, for the cache's bound. */
  bytes: number;
}

/**
 * Whether a member's page recorded at `madeAt` may be given at `now`: within its lifetime
 * ('fresh'); past it but within as long again ('ended': only while it is being made anew, to
 * those who would otherwise wait for that making); or not at all.
 */
export function pageStanding(madeAt: number, now: number): 'fresh' | 'ended' | undefined {
  const age = now - madeAt;
  if (age <= PUBLIC_CACHE_TTL_MS) return 'fresh';
  if (age <= SHARED_READ_KEPT_MS) return 'ended';
  return undefined;
}

/** Which rendering a member's page is: their likes on it, the places of their values, their facts. */
const variantOf = (liked: Iterable<string>, places: readonly string[], facts: string) =>
  `${[...liked].sort().join(',')}\n${places.join(',')}\n${facts}`;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The key of a member's page (address, site address, banner choice), or undefined when the
 * request may not be given one: not a GET, no session cookie, or a cookie beyond those above.
 */
export function memberPageKey(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET') return undefined;
  const cookies = readCookies(request.headers.cookie);
  if (!cookies[cookieNames.accessToken]) return undefined;
  for (const name of Object.keys(cookies)) {
    if (!MEMBER_PAGE_COOKIES.has(name)) return undefined;
  }
  return `${request.siteUrl}${request.url}\n${cookies[cookieNames.consent] ?? ''}`;
}

export function memberPages(app: FastifyInstance, options: { now?: () => number } = {}) {
  const now = options.now ?? (() => performance.now());
  const { members } = publicCaches(app);
  /** Members' pages the web app is making, by key (see `making`). */
  const leaders = new Map<string, Promise<boolean>>();

  /** Keeps how this member's page came out, for the next members (`onMemberRendering`). */
  const recorder =
    (key: string) =>
    (rendering: MemberRendering): void => {
      let page = members.get(key);
      const same =
        page !== undefined &&
        pageStanding(page.madeAt, now()) === 'fresh' &&
        sameList(page.routeIds, rendering.routeIds) &&
        sameList(page.likeable.campaigns, rendering.likeable.campaigns) &&
        sameList(page.likeable.posts, rendering.likeable.posts) &&
        page.subjects.size === rendering.subjects.length &&
        rendering.subjects.every((id) => page?.subjects.has(id)) &&
        sameList(page.headers.flat(), rendering.headers.flat());
      if (!page || !same) {
        page = {
          routeIds: rendering.routeIds,
          likeable: rendering.likeable,
          subjects: new Set(rendering.subjects),
          headers: rendering.headers,
          variants: new Map(),
          madeAt: now(),
          bytes: 1024 + 64 * (rendering.subjects.length + MAX_VARIANTS),
        };
        members.set(key, page);
      }
      const variant = variantOf(rendering.liked, rendering.places, rendering.facts);
      if (page.variants.size < MAX_VARIANTS || page.variants.has(variant)) {
        page.variants.set(variant, rendering.renderingKey);
      }
    };

  /** This member's page from a shared rendering, when it may be given (see above). */
  async function filledFor(
    request: FastifyRequest,
    page: MemberPage,
    filler: MemberPageFiller,
    fills: { csrf: string; nonce: string },
    ended: boolean,
  ) {
    const token = readCookies(request.headers.cookie)[cookieNames.accessToken];
    const row = token ? await userOfAccessToken(app, token) : undefined;
    if (!row || row.role === 'admin' || page.subjects.has(row.id)) return undefined;
    const [campaigns, posts] = await Promise.all([
      page.likeable.campaigns.length > 0
        ? campaignsLikedBy(app.db, row.id, page.likeable.campaigns)
        : new Set<string>(),
      page.likeable.posts.length > 0
        ? postsLikedBy(app.db, row.id, page.likeable.posts)
        : new Set<string>(),
    ]);
    const { values, places, facts } = filler.valuesOf(page.routeIds, presentUser(row), fills.csrf);
    const renderingKey = page.variants.get(variantOf([...campaigns, ...posts], places, facts));
    if (!renderingKey) return undefined;
    return filler.fill(
      renderingKey,
      values,
      places,
      fills.nonce,
      acceptsGzip(request.headers),
      ended,
    );
  }

  /**
   * Sends this member's page from a shared rendering when it may be (see above): true when it
   * was sent; false when the web app must make it, which it also does when anything here fails
   * (the database down: the web app's page says so). (Not the reply itself: a reply is a
   * thenable, which an async function would wait for and resolve to nothing.)
   */
  async function give(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    filler: MemberPageFiller,
    fills: { csrf: string; nonce: string },
    sessionCookies: string[],
  ): Promise<boolean> {
    /** The kept page filled for this member; an ended one only when `ended` may be given. */
    const attempt = async (endedToo: boolean) => {
      const page = members.get(key);
      const standing = page && pageStanding(page.madeAt, now());
      if (!page || !standing || (standing === 'ended' && !endedToo)) return undefined;
      const filled = await filledFor(request, page, filler, fills, standing === 'ended').catch(
        () => undefined,
      );
      return filled && { page, filled };
    };
    // Past its lifetime the page is made anew by the web app for one member (the first to ask,
    // who is given false here); meanwhile the others are given the ended page. With nothing to
    // give them (emptied by a write, their likes not seen yet), they wait for that making rather
    // than each making it too.
    let found = await attempt(leaders.has(key));
    const leading = found ? undefined : leaders.get(key);
    if (leading) {
      await leadersAnswer(leading);
      found = await attempt(false);
    }
    if (!found) return false;
    const { page, filled } = found;
    reply.status(200);
    for (const [name, value] of page.headers) reply.header(name, value);
    if (sessionCookies.length > 0) reply.header('set-cookie', sessionCookies);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('x-shared-rendering', 'member');
    if (filled.gzipped) {
      reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
    }
    reply.send(filled.body);
    return true;
  }

  /**
   * The web app makes this member's page (none to give them): while it does, other members of
   * the same address wait for it (`give`). One making per address at a time.
   */
  function making(key: string, rendering: Promise<unknown>): void {
    if (leaders.has(key)) return;
    const settled = rendering.then(
      () => true,
      () => true,
    );
    leaders.set(key, settled);
    void settled.then(() => {
      if (leaders.get(key) === settled) leaders.delete(key);
    });
  }

  return { recorder, give, making };
}
