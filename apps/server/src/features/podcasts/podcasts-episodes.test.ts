import { errorTexts, type TPodcastEpisode } from '@ipatient/contracts';
import { podcastEpisodes } from '@ipatient/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, uploadedFiles } from '../../../test/campaigns.ts';
import {
  appleLink,
  audioLink,
  createEpisode,
  createPodcastCategory,
  episodeImage,
  insertEpisodeRow,
  sendEpisodeForm,
  spotifyLink,
  uniqueEpisodeNumber,
  validEpisodeFields,
  youtubeLink,
} from '../../../test/podcasts.ts';
import {
  admin,
  call,
  categoryId,
  member,
  startPodcastsApp,
  t,
  UNKNOWN_ID,
} from '../../../test/podcasts-suite.ts';

beforeAll(startPodcastsApp);
afterAll(() => t.close());

async function episodeCount(): Promise<number> {
  return (await t.database.db.select({ id: podcastEpisodes.id }).from(podcastEpisodes)).length;
}

describe('GET /api/v1/get-podcasts', () => {
  it('lists episodes newest release first, a page at a time, with meta', async () => {
    await t.database.db.delete(podcastEpisodes);
    const old = await insertEpisodeRow(t, categoryId, { releaseDate: '2024-06-01' });
    const newest = await insertEpisodeRow(t, categoryId, { releaseDate: '2025-05-01' });
    const middle = await insertEpisodeRow(t, null, { releaseDate: '2025-01-15' });

    const first = await call('GET', '/get-podcasts?limit=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.results.map((e: TPodcastEpisode) => e._id)).toEqual([newest.id, middle.id]);
    expect(body.meta).toEqual({ page: 1, limit: 2, total: 3 });
    const second = (await call('GET', '/get-podcasts?limit=2&page=2')).json();
    expect(second.results.map((e: TPodcastEpisode) => e._id)).toEqual([old.id]);
    expect(body.results[1].category).toBeNull();
    expect(body.results[0].category).toEqual({ _id: categoryId, name: 'Patient Voices' });
  });

  it("filters by category: only that category's episodes are listed and counted", async () => {
    const other = await createPodcastCategory(t, admin);
    const mine = await insertEpisodeRow(t, other._id);
    const body = (await call('GET', `/get-podcasts?category=${other._id}`)).json();
    expect(body.results.map((e: TPodcastEpisode) => e._id)).toEqual([mine.id]);
    expect(body.meta.total).toBe(1);
  });

  it('searches titles (any case, % and _ literal) and episode numbers, counting only matches', async () => {
    await t.database.db.delete(podcastEpisodes);
    const malaria = await insertEpisodeRow(t, categoryId, { title: 'Malaria in the rainy SEASON' });
    const rights = await insertEpisodeRow(t, categoryId, { title: 'Your rights at 100% care' });
    const other = await insertEpisodeRow(t, null, { title: 'Sickle cell at school' });
    const ids = async (query: string) => {
      const response = await call('GET', `/get-podcasts?${query}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.meta.total).toBe(body.results.length);
      return body.results.map((e: TPodcastEpisode) => e._id).sort();
    };
    expect(await ids('search=rainy%20season')).toEqual([malaria.id]);
    expect(await ids(`search=${encodeURIComponent('100%')}`)).toEqual([rights.id]);
    expect(await ids(`search=${encodeURIComponent('%')}`)).toEqual([rights.id]);
    expect(await ids('search=_')).toEqual([]);
    expect(await ids(`search=${other.number}`)).toEqual([other.id]);
    expect(await ids(`search=${other.number}&category=${categoryId}`)).toEqual([]);
    expect(await ids('search=%20%20')).toHaveLength(3);
    const tooLong = await call('GET', `/get-podcasts?search=${'a'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toHaveProperty('search');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['page=abc', 'page'],
    ['category=not-an-id', 'category'],
  ])('refuses ?%s', async (query, field) => {
    const response = await call('GET', `/get-podcasts?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
  });
});

describe('GET /api/v1/get-single-podcast/{id}', () => {
  it('returns the episode in the SPEC shape', async () => {
    const created = await createEpisode(t, admin, categoryId, {
      channels: JSON.stringify([
        { source: 'spotify', link: spotifyLink },
        { source: 'youtube', link: youtubeLink },
      ]),
    });
    const response = await call('GET', `/get-single-podcast/${created._id}`);
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(Object.keys(result).sort()).toEqual(
      [
        '_id',
        'image',
        'imageSizes',
        'title',
        'number',
        'releaseDate',
        'duration',
        'summary',
        'summaryText',
        'category',
        'channels',
        'producedBy',
        'createdAt',
      ].sort(),
    );
    expect(result).toMatchObject({
      _id: created._id,
      title: 'Speaking up in the consulting room',
      releaseDate: '2025-03-05',
      duration: 45,
      summaryText: 'Three questions worth asking every time.',
      category: { _id: categoryId, name: 'Patient Voices' },
      channels: [
        { source: 'spotify', link: spotifyLink },
        { source: 'youtube', link: youtubeLink },
      ],
      producedBy: 'iPatient Studio, Lagos',
    });
  });

  it('answers 404 for an unknown episode and 400 for a malformed id', async () => {
    const missing = await call('GET', `/get-single-podcast/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Podcast episode not found', code: 'NOT_FOUND' });
    expect((await call('GET', '/get-single-podcast/42')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/get-podcast-categories/', () => {
  it('lists the categories by name, with and without the trailing slash', async () => {
    await createPodcastCategory(t, admin, 'aaa First by name');
    for (const url of ['/get-podcast-categories/', '/get-podcast-categories']) {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(200);
      const { results } = response.json();
      expect(results[0]).toEqual({ _id: expect.any(String), name: 'aaa First by name' });
      expect(results).toContainEqual({ _id: categoryId, name: 'Patient Voices' });
    }
  });
});

describe('POST /api/v1/post-podcast', () => {
  it('needs a signed-in admin: 401 for visitors, 403 for members', async () => {
    const fields = validEpisodeFields(categoryId);
    const visitor = await sendEpisodeForm(t, undefined, fields, await episodeImage());
    expect(visitor.statusCode).toBe(401);
    const asMember = await sendEpisodeForm(t, member, fields, await episodeImage());
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe('FORBIDDEN');
  });

  it('publishes an episode with WebP image sizes and minutes from "45 min"', async () => {
    const before = uploadedFiles(t).length;
    const number = String(uniqueEpisodeNumber());
    const response = await sendEpisodeForm(
      t,
      admin,
      validEpisodeFields(categoryId, { number, duration: '45 min' }),
      await episodeImage(await pngImage(1600, 1600)),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { result, message } = response.json();
    expect(message).toBe('Podcast episode published');
    expect(result.number).toBe(Number(number));
    expect(result.duration).toBe(45);
    expect(result.imageSizes.map((size: { width: number }) => size.width)).toEqual([
      400, 800, 1200,
    ]);
    expect(result.image).toBe(result.imageSizes[2].path);
    expect(uploadedFiles(t).length).toBe(before + 3);
    const image = await t.app.inject({ method: 'GET', url: `/images/${result.image}` });
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
  });

  it('reads a JSON body: channels as an array and duration as a number pass; the image is still required', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/post-podcast',
      headers: admin.headers,
      payload: {
        ...validEpisodeFields(categoryId),
        duration: 30,
        channels: [{ source: 'other', link: audioLink }],
      },
    });
    // A JSON body carries no file, and an episode needs its picture.
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ image: 'Add a picture for the episode' });
  });

  it('sanitizes the summary: scripts and event handlers are gone after the write', async () => {
    const episode = await createEpisode(t, admin, categoryId, {
      summary:
        '<p onclick="steal()">Listen <a href="javascript:alert(1)">here</a></p><script>alert("x")</script><img src=x onerror=alert(1)>',
    });
    const { result } = (await call('GET', `/get-single-podcast/${episode._id}`)).json();
    expect(result.summary).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(result.summary).toContain('Listen');
    expect(result.summaryText).toBe('Listen here');
  });

  it('refuses a summary that is nothing but a script, and writes nothing', async () => {
    const count = await episodeCount();
    const response = await sendEpisodeForm(
      t,
      admin,
      validEpisodeFields(categoryId, { summary: '<script>alert(1)</script>' }),
      await episodeImage(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('summary');
    expect(await episodeCount()).toBe(count);
  });

  it.each([
    ['youtube', youtubeLink],
    ['youtube', 'https://youtu.be/dQw4w9WgXcQ'],
    ['youtube', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['spotify', spotifyLink],
    ['spotify', 'https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk'],
    ['apple', appleLink],
    ['other', audioLink],
    ['other', 'https://media.example.ng/a/episode.m4a'],
  ])('accepts a %s channel %s, stored as given', async (source, link) => {
    const episode = await createEpisode(t, admin, categoryId, {
      channels: JSON.stringify([{ source, link }]),
    });
    expect(episode.channels).toEqual([{ source, link }]);
  });

  it.each([
    [
      'a source that does not match the host',
      'spotify',
      youtubeLink,
      /YouTube link, not a Spotify link/,
    ],
    ['an audio file called YouTube', 'youtube', audioLink, /direct audio link, not a YouTube link/],
    ['an http link', 'youtube', 'http://www.youtube.com/watch?v=dQw4w9WgXcQ', /https/],
    ['a javascript: link', 'other', 'javascript:alert(1)//x.mp3', /https/],
    ['an unknown host', 'other', 'https://soundcloud.com/ipatient/ep-1', /Only YouTube, Spotify/],
    [
      'a Spotify playlist',
      'spotify',
      'https://open.spotify.com/playlist/4rOoJ6Egrf8K2IrywzwOMk',
      /Spotify/,
    ],
    ['an unknown source', 'soundcloud', audioLink, /source must be one of/],
  ])('refuses %s and writes nothing', async (_label, source, link, message) => {
    const count = await episodeCount();
    const files = uploadedFiles(t).length;
    const response = await sendEpisodeForm(
      t,
      admin,
      validEpisodeFields(categoryId, { channels: JSON.stringify([{ source, link }]) }),
      await episodeImage(),
    );
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as Record<string, string>;
    expect(Object.values(errors).join(' ')).toMatch(message);
    expect(await episodeCount()).toBe(count);
    expect(uploadedFiles(t).length).toBe(files);
  });

  it.each([
    ['title', { title: '' }],
    ['title', { title: 'x'.repeat(201) }],
    ['number', { number: '0' }],
    ['number', { number: '2.5' }],
    ['number', { number: 'five' }],
    ['releaseDate', { releaseDate: '05/03/2025' }],
    ['releaseDate', { releaseDate: '2025-02-30' }],
    ['duration', { duration: 'an hour' }],
    ['duration', { duration: '0' }],
    ['duration', { duration: '4500' }],
    ['summary', { summary: '' }],
    ['category', { category: 'health' }],
    ['channels', { channels: '[{"source":' }],
    ['channels', { channels: '[]' }],
    ['producedBy', { producedBy: ' ' }],
  ])('refuses a bad %s (%j)', async (field, override) => {
    const response = await sendEpisodeForm(
      t,
      admin,
      validEpisodeFields(categoryId, override),
      await episodeImage(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
    expect(response.json().errors).toHaveProperty(field);
  });

  it('refuses a category that does not exist', async () => {
    const response = await sendEpisodeForm(
      t,
      admin,
      validEpisodeFields(UNKNOWN_ID),
      await episodeImage(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ category: 'Choose a podcast category from the list' });
  });

  it('refuses an image that is not PNG, JPEG or WebP (by its bytes), and one over 850 KB', async () => {
    const gif = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#000' },
    })
      .gif()
      .toBuffer();
    const wrongType = await sendEpisodeForm(t, admin, validEpisodeFields(categoryId), {
      body: gif,
      filename: 'episode.png',
      type: 'image/png',
    });
    expect(wrongType.statusCode).toBe(415);
    const big = await sendEpisodeForm(t, admin, validEpisodeFields(categoryId), {
      body: Buffer.concat([await pngImage(), Buffer.alloc(851 * 1024)]),
      filename: 'big.png',
      type: 'image/png',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(errorTexts.imageTooLarge);
    const webp = await sendEpisodeForm(t, admin, validEpisodeFields(categoryId), {
      body: await sharp(await pngImage())
        .webp()
        .toBuffer(),
      filename: 'episode.webp',
      type: 'image/webp',
    });
    expect(webp.statusCode).toBe(201);
  });

  it('answers 409 for a number in use, also when two arrive at once, leaving no files behind', async () => {
    const existing = await createEpisode(t, admin, categoryId);
    const clash = await sendEpisodeForm(
      t,
      admin,
      validEpisodeFields(categoryId, { number: String(existing.number) }),
      await episodeImage(),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      `Episode number ${existing.number} is already used by another episode`,
    );

    const files = uploadedFiles(t).length;
    const number = String(uniqueEpisodeNumber());
    const answers = await Promise.all(
      [1, 2, 3].map(async () =>
        sendEpisodeForm(t, admin, validEpisodeFields(categoryId, { number }), await episodeImage()),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    // Only the winner's three sizes stay on disk.
    expect(uploadedFiles(t).length).toBe(files + 3);
  });
});
