import { playerProvider } from '../../components/media/player-provider.ts';
import { readConsent } from './consent.ts';

/** The query that loads the players of one page for this view only, without a cookie choice. */
export const loadPlayersParam = 'players';

/**
 * Whether a page may load embedded players (YouTube, Spotify, Apple Podcasts), which set their
 * own cookies: only with functional cookies allowed, or when the person asked for this page's
 * players ("Load the player"). Until then a placeholder stands in their place.
 */
export function playersAllowed(request: Request): boolean {
  if (new URL(request.url).searchParams.get(loadPlayersParam) === '1') return true;
  return readConsent(request.headers.get('Cookie'))?.functional === true;
}

/** This page again with its players loaded, back at the player the person chose. */
export function loadPlayersHref(request: Request, anchor: string): string {
  const url = new URL(request.url);
  url.searchParams.set(loadPlayersParam, '1');
  return `${url.pathname}${url.search}#${anchor}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&(?!amp;|quot;|lt;|gt;|#\d+;)/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Post content (sanitized on write, so its iframes are players of the allowed hosts only) with
 * each iframe replaced by the same placeholder the episode page shows.
 */
export function withoutPlayers(html: string, loadHref: string): string {
  let index = 0;
  return html.replace(
    /<iframe\b[^>]*?\bsrc="([^"]*)"[^>]*>\s*<\/iframe>/g,
    (_match, src: string) => {
      index += 1;
      const provider = playerProvider(src.replace(/&amp;/g, '&'));
      const id = `player-${index}`;
      return `<section id="${id}" class="my-4 rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm text-slate-800" aria-label="Player from ${provider}"><p>This player comes from ${provider}, which sets its own cookies. It is not loaded, as you have not allowed functional cookies.</p><p><a href="${escapeAttribute(loadHref.replace(/#.*$/, `#${id}`))}">Load the player</a> · <a href="${escapeAttribute(src)}" target="_blank" rel="noopener noreferrer">Open on ${provider}</a> · <a href="/cookie-policy#cookie-settings">Cookie settings</a></p></section>`;
    },
  );
}
