import { describe, expect, it } from 'vitest';
import { loadPlayersHref, playersAllowed, withoutPlayers } from './players.ts';

const request = (url: string, cookie?: string) =>
  new Request(url, cookie ? { headers: { cookie } } : {});
const consent = (functional: boolean) =>
  `cookie_consent=${encodeURIComponent(
    JSON.stringify({ necessary: true, functional, analytics: false, advertising: false }),
  )}`;

describe('playersAllowed', () => {
  it('needs functional cookies, or a request to load this page’s players', () => {
    expect(playersAllowed(request('http://x/blog/a'))).toBe(false);
    expect(playersAllowed(request('http://x/blog/a', consent(false)))).toBe(false);
    expect(playersAllowed(request('http://x/blog/a', consent(true)))).toBe(true);
    expect(playersAllowed(request('http://x/blog/a?players=1', consent(false)))).toBe(true);
  });

  it('links back to the same page and player with the players loaded', () => {
    expect(loadPlayersHref(request('http://x/blog/a?page=2'), 'player-1')).toBe(
      '/blog/a?page=2&players=1#player-1',
    );
  });
});

describe('withoutPlayers', () => {
  it('puts a placeholder where each player was, naming its provider, and keeps the rest', () => {
    const html =
      '<p>Listen:</p><iframe src="https://www.youtube-nocookie.com/embed/abc?start=1&amp;end=2" width="560" height="315" title="x"></iframe><p>And:</p><iframe src="https://open.spotify.com/embed/episode/xyz"></iframe>';
    const out = withoutPlayers(html, '/blog/a?players=1#player-1');
    expect(out).not.toContain('<iframe');
    expect(out).toContain('<p>Listen:</p>');
    expect(out).toContain('This player comes from YouTube');
    expect(out).toContain('This player comes from Spotify');
    expect(out).toContain('href="/blog/a?players=1#player-1">Load the player');
    expect(out).toContain('href="/blog/a?players=1#player-2">Load the player');
    expect(out).toContain(
      'href="https://www.youtube-nocookie.com/embed/abc?start=1&amp;end=2" target="_blank"',
    );
  });
});
