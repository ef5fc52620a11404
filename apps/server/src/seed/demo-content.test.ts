import { blogComments, blogLikes, blogPosts, sql } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { chimeWav } from './demo-content.ts';
import { initialiseDatabase } from './demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await initialiseDatabase(t.database.db, { seedDemo: true, storage: t.app.storage });
});
afterAll(() => t.close());

interface Post {
  _id: string;
  title: string;
  date: string;
  category: { name: string } | null;
  publisher: string;
  titleImageSizes: { path: string }[];
  commentsCount: number;
  likesCount: number;
  content: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('demo blog', () => {
  it('has six published posts in three categories, dated in the past, newest first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/get-blogs?limit=50' });
    expect(response.statusCode).toBe(200);
    const posts: Post[] = response.json().results;
    expect(posts).toHaveLength(6);
    expect(new Set(posts.map((post) => post.category?.name)).size).toBe(3);
    expect(new Set(posts.map((post) => post.publisher))).toEqual(
      new Set(['Ifeoma Chukwu', 'Dr. Abdulrahman Sani']),
    );
    const ages = posts.map((post) => (Date.now() - Date.parse(post.date)) / DAY_MS);
    expect(Math.round(ages[0] ?? 0)).toBe(2);
    expect(Math.round(ages.at(-1) ?? 0)).toBe(27);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    for (const post of posts) {
      expect(post.titleImageSizes).toHaveLength(3);
      expect(post.content).not.toMatch(/<script/i);
    }
    const cover = await t.app.inject({
      method: 'GET',
      url: `/images/${posts[0]?.titleImageSizes[0]?.path}`,
    });
    expect(cover.headers['content-type']).toBe('image/webp');
  });

  it('makes Ifeoma Chukwu the default author', async () => {
    const [row] = (
      await t.database.db.execute<{ name: string }>(
        sql`select name from blog_authors where is_default`,
      )
    ).rows;
    expect(row?.name).toBe('Ifeoma Chukwu');
  });

  it('has comments with replies by demo supporters', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/get-blogs?limit=50' });
    const first: Post = list.json().results[0];
    expect(first.commentsCount).toBe(3);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/fetch-blog-comments/${first._id}?order=oldest`,
    });
    expect(response.statusCode).toBe(200);
    const comments = response.json().results;
    expect(comments).toHaveLength(2);
    expect(comments[0].user.lastName).toBe('Adeyemi');
    expect(comments[0].replies).toHaveLength(1);
    expect(comments[0].replies[0].user.lastName).toBe('Okafor');
    expect(Date.parse(comments[0].createdAt)).toBeGreaterThan(Date.parse(first.date));
  });

  it('keeps comment and like counts equal to the rows stored', async () => {
    const rows = (
      await t.database.db.execute<{
        likes_count: number;
        comments_count: number;
        l: number;
        c: number;
      }>(
        sql`select p.likes_count, p.comments_count,
          (select count(*)::int from ${blogLikes} l where l.post_id = p.id) as l,
          (select count(*)::int from ${blogComments} c where c.post_id = p.id) as c
          from ${blogPosts} p`,
      )
    ).rows;
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.likes_count).toBe(row.l);
      expect(row.comments_count).toBe(row.c);
      expect(row.likes_count).toBeGreaterThan(0);
    }
  });
});

describe('demo podcast', () => {
  it('has four episodes in two categories, each playing its own chime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/get-podcasts?limit=50' });
    expect(response.statusCode).toBe(200);
    const episodes = response.json().results as {
      number: number;
      category: { name: string } | null;
      channels: { source: string; link: string }[];
      imageSizes: unknown[];
    }[];
    expect(episodes).toHaveLength(4);
    expect(new Set(episodes.map((episode) => episode.category?.name)).size).toBe(2);
    for (const episode of episodes) {
      expect(episode.imageSizes).toHaveLength(3);
      expect(episode.channels).toEqual([
        { source: 'other', link: `/images/podcasts/demo-${episode.number}.wav` },
      ]);
      const audio = await t.app.inject({ method: 'GET', url: episode.channels[0]?.link ?? '' });
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/wav');
      expect(audio.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    }
  });
});

describe('chimeWav', () => {
  it('is a short 16-bit mono 16 kHz PCM file under 400 KB that fades in and out', () => {
    const wav = chimeWav(0);
    expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.readUInt16LE(34)).toBe(16);
    const seconds = wav.readUInt32LE(40) / 32_000;
    expect(seconds).toBeGreaterThanOrEqual(8);
    expect(seconds).toBeLessThanOrEqual(12);
    expect(wav.length).toBeLessThan(400 * 1024);
    expect(wav.readInt16LE(44)).toBe(0);
    expect(Math.abs(wav.readInt16LE(wav.length - 2))).toBeLessThan(50);
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
    expect(peak).toBeGreaterThan(5_000);
    expect(peak).toBeLessThan(32_767);
  });
});
