import type { TUser } from '@ipatient/contracts/accounts';
import type { MemberRendering } from '@ipatient/contracts/member-pages';
import { informationTabData } from '../features/account/account-user.ts';
import { markPersonalValues } from './render-memo.server.ts';
import { type HeaderUser, initialOf } from './session.tsx';

/**
 * Members' static pages given from a shared rendering without running the web app again
 * (docs/architecture.md, "Members' pages"). A member's page is the shared rendering of its
 * marked loader data (render-memo.server.ts) with their own values filled in; what else of it
 * is theirs is which of the page's campaigns and posts they gave a Green-Heart. So once a
 * member's page was made, another member's page of the same address is that same rendering
 * when they liked the same things on it, hold their values in the same places, are not named
 * anywhere in its data (an organiser, an author, a commenter, a donor), and are not an admin.
 * The server checks those (plugins/web-member-pages.ts); this module says what a rendering
 * was made of (`memberRenderingOf`) and makes a member's own values (`personalValuesOf`).
 */

/** The header's view of the signed-in member (root loader). */
export function headerUserOf(user: TUser): HeaderUser {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    image: user.image,
    isAdmin: user.role === 'admin',
    initial: initialOf(user.firstName),
  };
}

/** A signed-in donor's name and email, which fill the campaign page's donate form. */
export function donorOf(user: TUser): { name: string; email: string } {
  return { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email };
}

/**
 * The loader data each route holds of a member's own, made as its loader makes it: the places
 * of render-memo's PERSONAL_PLACES. A route with personal places must be here too, or its
 * pages are never given this way (`memberRenderingOf` compares the two).
 */
const PERSONAL_DATA: Record<string, (user: TUser, csrf: string) => Record<string, unknown>> = {
  root: (user, csrf) => ({ csrf, user: headerUserOf(user) }),
  'routes/campaign': (user) => ({ donor: donorOf(user), phoneVerified: user.phoneVerified }),
  'routes/account': (user) => informationTabData(user),
};

/**
 * Routes whose whole data is the member's own (the account page): a page of theirs is given to
 * others only when all of that data is what PERSONAL_DATA makes from the reader's account, so
 * nothing on it came from anywhere else (another tab's campaigns, reviews or complaints).
 */
const OWN_ROUTES = new Set(['routes/account']);

/**
 * A member's own values for a page of these routes, in the order the page's marks want them;
 * and the rest of their own data there, marked (`facts`: their flags, which details are empty).
 */
export function personalValuesOf(
  routeIds: readonly string[],
  user: TUser,
  csrf: string,
): { values: string[]; places: string[]; facts: string } {
  const data: Record<string, unknown> = {};
  for (const routeId of routeIds) {
    const make = PERSONAL_DATA[routeId];
    if (make) data[routeId] = make(user, csrf);
  }
  const marked = markPersonalValues(data);
  return { values: marked.values, places: marked.places, facts: JSON.stringify(marked.data) };
}

/** Per-viewer fields no member page may hold to be given to others (beside `likedByMe`). */
const VIEWER_FIELDS = new Set(['usefulByMe', 'isMine', 'changeAwaitingReview']);
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Survey = Pick<MemberRendering, 'likeable' | 'liked' | 'subjects'> & {
  /** Every text of the data but the reader's own likes. */
  texts: string[];
};

/**
 * What a member's page data holds that depends on who reads it: the campaigns and posts with
 * their `likedByMe` (and the member's own like, `likes`, left out), and every id. Undefined when
 * it holds something else of the reader's (an organiser's own campaign, a field of the reader's
 * own that is not a like): such a page is never given to another member.
 */
function survey(data: unknown): Survey | undefined {
  const found: Survey = {
    likeable: { campaigns: [], posts: [] },
    liked: [],
    subjects: [],
    texts: [],
  };
  const subjects = new Set<string>();
  const visit = (value: unknown): boolean => {
    if (typeof value === 'string') {
      if (ID.test(value)) subjects.add(value);
      found.texts.push(value);
      return true;
    }
    if (Array.isArray(value)) return value.every(visit);
    if (typeof value !== 'object' || value === null) return true;
    const record = value as Record<string, unknown>;
    let skip: string | undefined;
    if (typeof record.likedByMe === 'boolean') {
      const id = record._id;
      if (typeof id !== 'string') return false;
      if ('urlSlug' in record) found.likeable.posts.push(id);
      else if ('amountNeeded' in record) found.likeable.campaigns.push(id);
      else return false;
      if (record.likedByMe) found.liked.push(id);
      // Only the reader's own like is listed there (theirs alone, or nobody's).
      skip = 'likes';
    }
    if (record.isOwner === true) return false;
    for (const [key, child] of Object.entries(record)) {
      if (VIEWER_FIELDS.has(key)) return false;
      if (key !== skip && !visit(child)) return false;
    }
    return true;
  };
  if (!visit(data)) return undefined;
  found.subjects = [...subjects];
  return found;
}

/**
 * What a member's static page was made of, for giving the same rendering to other members;
 * undefined when it may not be (see the module's note): an admin's page, a page with a message
 * of its own or a cookie it sets, a reader named in it, a rendering that holds the reader's id,
 * email or phone, or own values that `personalValuesOf` would not make alike.
 */
export function memberRenderingOf(page: {
  renderingKey: string;
  routeIds: string[];
  /** The loader data as the page had it, and its personal values as the render memo marked them. */
  loaderData: Record<string, unknown>;
  markedData: Record<string, unknown>;
  values: string[];
  places: string[];
  /** The rendering's own bytes, its pieces between the marks. */
  pieces: Buffer[];
  user: TUser;
  headers: [string, string][];
}): MemberRendering | undefined {
  const root = page.loaderData.root as
    | { user?: { isAdmin?: boolean } | null; flash?: unknown; csrf?: unknown }
    | undefined;
  if (!root?.user || root.user.isAdmin || root.flash || typeof root.csrf !== 'string') {
    return undefined;
  }
  // A page that sets a cookie says something to its reader alone.
  if (page.headers.some(([name]) => name.toLowerCase() === 'set-cookie')) return undefined;
  const found = survey(page.markedData);
  if (!found) return undefined;
  // What identifies the reader must be nowhere else in the data or the rendering: a page that
  // shows their email, phone or id (their account, a form of theirs) is theirs alone.
  const identifiers = [page.user._id, page.user.email, page.user.phone].filter(
    (value): value is string => typeof value === 'string' && value.length >= 5,
  );
  if (found.texts.some((text) => identifiers.some((value) => text.includes(value)))) {
    return undefined;
  }
  if (page.pieces.some((piece) => identifiers.some((value) => piece.includes(value)))) {
    return undefined;
  }
  const own = personalValuesOf(page.routeIds, page.user, root.csrf);
  if (
    own.places.join('\n') !== page.places.join('\n') ||
    own.values.some((value, i) => value !== page.values[i])
  ) {
    return undefined;
  }
  for (const routeId of page.routeIds) {
    const make = PERSONAL_DATA[routeId];
    if (!OWN_ROUTES.has(routeId)) continue;
    if (!make) return undefined;
    const remade = JSON.stringify(make(page.user, root.csrf));
    if (JSON.stringify(page.loaderData[routeId]) !== remade) return undefined;
  }
  return {
    renderingKey: page.renderingKey,
    routeIds: page.routeIds,
    likeable: found.likeable,
    liked: found.liked,
    subjects: found.subjects,
    places: page.places,
    facts: own.facts,
    headers: page.headers,
  };
}
