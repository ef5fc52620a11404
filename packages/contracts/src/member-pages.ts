import type { TUser } from './accounts.ts';

/**
 * How the server gives a member's static page from a shared rendering without running the web
 * app again (apps/server/src/plugins/web-member-pages.ts, apps/web/app/lib/member-pages.server.ts):
 * what the web app tells the server of a member's page, and what it lends the server to fill one.
 */

/**
 * A member's static page as a shared rendering with their own values filled in: what the next
 * member's page needs to be given that same rendering without running the web app again.
 */
export interface MemberRendering {
  /** The shared rendering (the web app's render memo) this member's page was made from. */
  renderingKey: string;
  /** The routes of the page, root first: which of them hold a member's own values. */
  routeIds: string[];
  /** Everything on the page a member may have given a Green-Heart, by kind. */
  likeable: { campaigns: string[]; posts: string[] };
  /** Of those, the ones this member liked. */
  liked: string[];
  /**
   * Every id in the page's data (organisers, authors, commenters, donors...) but the member's
   * own likes: a member named here may see the page otherwise than others, so is never given it.
   */
  subjects: string[];
  /** Which of the member's own values the page holds, in order (render memo `places`). */
  places: string[];
  /**
   * What else of the member's own the page was made from, beside their values: their routes'
   * own data with each value marked (a flag such as "volunteers as an advocate", a detail left
   * empty). Members are given the same rendering only when this is the same.
   */
  facts: string;
  /** The page's own headers (not its body's type or coding). */
  headers: [string, string][];
}

/** What the web app gives the server to fill a member's page from a shared rendering. */
export interface MemberPageFiller {
  /** The member's own values for a page of these routes, and where each goes. */
  valuesOf(
    routeIds: readonly string[],
    user: TUser,
    csrf: string,
  ): { values: string[]; places: string[]; facts: string };
  /**
   * The shared rendering with these values, gzip-coded when asked and possible; undefined once
   * gone, or past its lifetime unless `ended` (a page being made anew, given meanwhile).
   */
  fill(
    renderingKey: string,
    values: string[],
    places: readonly string[],
    nonce: string,
    gzip: boolean,
    ended?: boolean,
  ): { body: Buffer; gzipped: boolean } | undefined;
}
