import { describe, expect, it } from 'vitest';
import { limits } from './constants.ts';
import {
  channelEmbed,
  channelProblem,
  isCalendarDate,
  parseDurationMinutes,
  ZPodcastEpisodeCreateRequest,
} from './podcasts.ts';

const YT = 'dQw4w9WgXcQ';
const SPOTIFY = '4rOoJ6Egrf8K2IrywzwOMk';

describe('channelEmbed', () => {
  it.each([
    `https://www.youtube.com/watch?v=${YT}`,
    `https://youtube.com/watch?v=${YT}&t=42s`,
    `https://m.youtube.com/watch?v=${YT}`,
    `https://youtu.be/${YT}`,
    `https://www.youtube.com/embed/${YT}`,
  ])('plays YouTube %s through the no-cookie player, 350 high', (link) => {
    expect(channelEmbed({ source: 'youtube', link })).toEqual({
      kind: 'iframe',
      src: `https://www.youtube-nocookie.com/embed/${YT}`,
      height: limits.iframeHeightDefault,
    });
    expect(limits.iframeHeightDefault).toBe(350);
  });

  it.each([
    ['episode', `https://open.spotify.com/episode/${SPOTIFY}?si=abc123`],
    ['show', `https://open.spotify.com/show/${SPOTIFY}`],
    ['episode', `https://open.spotify.com/intl-fr/episode/${SPOTIFY}`],
  ])('plays a Spotify %s in its embed player, 170 high', (kind, link) => {
    expect(channelEmbed({ source: 'spotify', link })).toEqual({
      kind: 'iframe',
      src: `https://open.spotify.com/embed/${kind}/${SPOTIFY}`,
      height: limits.iframeHeightCompact,
    });
    expect(limits.iframeHeightCompact).toBe(170);
  });

  it('plays Apple Podcasts on embed.podcasts.apple.com, keeping the episode, 170 high', () => {
    expect(
      channelEmbed({
        source: 'apple',
        link: 'https://podcasts.apple.com/ng/podcast/the-ipatient-show/id1700000000?i=1000650000000&uo=4',
      }),
    ).toEqual({
      kind: 'iframe',
      src: 'https://embed.podcasts.apple.com/ng/podcast/the-ipatient-show/id1700000000?i=1000650000000',
      height: 170,
    });
    expect(
      channelEmbed({ source: 'apple', link: 'https://podcasts.apple.com/us/podcast/id1700000000' }),
    ).toMatchObject({ src: 'https://embed.podcasts.apple.com/us/podcast/id1700000000' });
  });

  it.each(['mp3', 'm4a', 'aac', 'ogg', 'opus', 'wav', 'MP3'])(
    'plays a direct .%s file in an audio element',
    (extension) => {
      const link = `https://media.example.ng/episodes/ep-1.${extension}`;
      expect(channelEmbed({ source: 'other', link })).toEqual({ kind: 'audio', src: link });
    },
  );

  it('plays an audio file on our own media server by its path', () => {
    const link = '/images/podcasts/demo-1.wav';
    expect(channelProblem({ source: 'other', link })).toBeUndefined();
    expect(channelEmbed({ source: 'other', link })).toEqual({ kind: 'audio', src: link });
  });

  it.each([
    ['a path that climbs out of the media folder', '/images/../x.wav', /audio file under/],
    ['a dot segment', '/images/./x.wav', /audio file under/],
    ['a protocol-relative link to another site', '//evil.example/x.wav', /https/],
    ['a file that is not audio', '/images/podcasts/demo-1.html', /audio file under/],
    ['a path outside the media server', '/account/x.wav', /audio file under/],
    ['a path with a query', '/images/podcasts/demo-1.wav?x=1', /audio file under/],
    ['an encoded path', '/images/%2e%2e/x.wav', /audio file under/],
  ])('refuses %s', (_label, link, message) => {
    expect(channelProblem({ source: 'other', link })).toMatch(message);
    expect(channelEmbed({ source: 'other', link })).toBeUndefined();
  });

  it('refuses an own-media audio path given as another channel', () => {
    expect(channelProblem({ source: 'youtube', link: '/images/podcasts/demo-1.wav' })).toMatch(
      /direct audio link/,
    );
  });

  it('gives no embed for a link that is not accepted', () => {
    expect(
      channelEmbed({ source: 'other', link: 'https://evil.example/page.html' }),
    ).toBeUndefined();
    expect(channelEmbed({ source: 'spotify', link: `https://youtu.be/${YT}` })).toBeUndefined();
  });
});

describe('channelProblem', () => {
  it('accepts each known channel with its own source', () => {
    expect(channelProblem({ source: 'youtube', link: `https://youtu.be/${YT}` })).toBeUndefined();
    expect(
      channelProblem({ source: 'spotify', link: `https://open.spotify.com/episode/${SPOTIFY}` }),
    ).toBeUndefined();
    expect(
      channelProblem({ source: 'apple', link: 'https://podcasts.apple.com/ng/podcast/x/id1' }),
    ).toBeUndefined();
    expect(
      channelProblem({ source: 'other', link: 'https://cdn.example.ng/a.mp3' }),
    ).toBeUndefined();
  });

  it('refuses a source that does not match the link, naming the channel', () => {
    expect(channelProblem({ source: 'spotify', link: `https://youtu.be/${YT}` })).toMatch(
      /YouTube link, not a Spotify link/,
    );
    expect(channelProblem({ source: 'youtube', link: 'https://cdn.example.ng/a.mp3' })).toMatch(
      /direct audio link, not a YouTube link/,
    );
    expect(
      channelProblem({ source: 'other', link: `https://open.spotify.com/show/${SPOTIFY}` }),
    ).toMatch(/Spotify link/);
  });

  it.each([
    ['http link', 'youtube', `http://www.youtube.com/watch?v=${YT}`, /https/],
    ['javascript: link', 'other', 'javascript:alert(1)//.mp3', /https/],
    ['data: link', 'other', 'data:audio/mp3;base64,AAAA', /https/],
    ['not a link', 'youtube', 'watch this', /full channel link/],
    ['unknown host', 'other', 'https://soundcloud.com/ipatient/episode-1', /Only YouTube/],
    ['YouTube channel page', 'youtube', 'https://www.youtube.com/@ipatient', /video link/],
    ['YouTube bad id', 'youtube', 'https://youtu.be/short', /video link/],
    [
      'Spotify playlist',
      'spotify',
      `https://open.spotify.com/playlist/${SPOTIFY}`,
      /episode or show/,
    ],
    ['Apple browse page', 'apple', 'https://podcasts.apple.com/ng/browse', /podcast or episode/],
    ['user name in link', 'other', 'https://user:pw@cdn.example.ng/a.mp3', /user name/],
    [
      'look-alike host',
      'youtube',
      `https://youtube.com.evil.ng/watch?v=${YT}`,
      /Only YouTube|direct audio/,
    ],
  ])('refuses a %s', (_label, source, link, message) => {
    expect(channelProblem({ source, link })).toMatch(message);
  });
});

describe('episode fields', () => {
  it('reads durations as whole minutes', () => {
    expect(parseDurationMinutes('45')).toBe(45);
    expect(parseDurationMinutes('45 min')).toBe(45);
    expect(parseDurationMinutes('45 minutes')).toBe(45);
    expect(parseDurationMinutes(45)).toBe(45);
    expect(parseDurationMinutes('45.5')).toBeUndefined();
    expect(parseDurationMinutes('about an hour')).toBeUndefined();
  });

  it('knows real calendar days', () => {
    expect(isCalendarDate('2025-02-28')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('28/02/2025')).toBe(false);
  });

  it('parses channels from a JSON string and refuses a broken one', () => {
    const base = {
      title: 'T',
      number: '3',
      releaseDate: '2025-01-02',
      duration: '30 min',
      summary: '<p>Hi</p>',
      category: '5f0c8f4e-2b1a-4d3e-9c8b-7a6f5e4d3c2b',
      producedBy: 'Studio',
    };
    const ok = ZPodcastEpisodeCreateRequest.safeParse({
      ...base,
      channels: JSON.stringify([{ source: 'youtube', link: `https://youtu.be/${YT}` }]),
    });
    expect(ok.success && ok.data.channels).toEqual([
      { source: 'youtube', link: `https://youtu.be/${YT}` },
    ]);
    expect(ok.success && ok.data.duration).toBe(30);
    const broken = ZPodcastEpisodeCreateRequest.safeParse({ ...base, channels: '[{' });
    expect(broken.success).toBe(false);
    const none = ZPodcastEpisodeCreateRequest.safeParse({ ...base, channels: '[]' });
    expect(none.success).toBe(false);
  });
});
