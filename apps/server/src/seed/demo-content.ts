import type { Database, Executor } from '@ipatient/db';
import sharp from 'sharp';
import * as blogComments from '../features/blog/blog-comments.service.ts';
import * as blogPosts from '../features/blog/blog-posts.service.ts';
import * as blogTaxonomy from '../features/blog/blog-taxonomy.service.ts';
import * as podcasts from '../features/podcasts/podcasts.service.ts';
import type { UserRow } from '../lib/present-user.ts';
import type { Storage } from '../plugins/storage/storage.ts';
import {
  backdateBlogComment,
  backdateBlogPost,
  DEMO_BLOG_AUTHORS,
  DEMO_BLOG_CATEGORIES,
  DEMO_BLOG_POSTS,
  DEMO_PODCAST_CATEGORIES,
  DEMO_PODCAST_EPISODES,
  DEMO_SUPPORTERS,
  findUsersByEmails,
} from './demo.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Supporters who like every demo post (a few more for the newer ones). */
const LIKES_PER_POST = [9, 7, 6, 5, 8, 4];

/** Two colours per cover, in turn. */
const PALETTES: [string, string][] = [
  ['#0b7a3e', '#7ed3a4'],
  ['#1d5fa8', '#8ec5f0'],
  ['#8a3ea8', '#d7a6ee'],
  ['#a8631d', '#f2c98e'],
  ['#17707a', '#8ee0e8'],
  ['#a8321d', '#f2a58e'],
];

/** An illustrated cover of shapes only (no text, so no fonts are needed). */
export function contentCoverSvg(seed: number, shape: 'page' | 'wave'): string {
  const [dark, light] = PALETTES[seed % PALETTES.length] as [string, string];
  const circles = Array.from({ length: 7 }, (_, i) => {
    const x = (seed * 131 + i * 173) % 1200;
    const y = (seed * 71 + i * 109) % 675;
    const r = 30 + ((seed * 7 + i * 31) % 100);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="0.12"/>`;
  }).join('');
  const figure =
    shape === 'page'
      ? `<rect x="430" y="150" width="340" height="400" rx="28" fill="#ffffff" fill-opacity="0.92"/>
${[220, 280, 340, 400, 460].map((y, i) => `<rect x="480" y="${y}" width="${i % 2 ? 180 : 240}" height="22" rx="11" fill="${dark}" fill-opacity="0.55"/>`).join('')}`
      : `<circle cx="600" cy="337" r="190" fill="#ffffff" fill-opacity="0.92"/>
${[-120, -72, -24, 24, 72, 120]
  .map((dx, i) => {
    const h = 60 + ((seed * 37 + i * 53) % 140);
    return `<rect x="${600 + dx - 14}" y="${337 - h / 2}" width="28" height="${h}" rx="14" fill="${dark}"/>`;
  })
  .join('')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
<defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="1200" height="675" fill="url(#g)"/>${circles}${figure}
</svg>`;
}

async function coverPng(seed: number, shape: 'page' | 'wave'): Promise<Buffer> {
  return sharp(Buffer.from(contentCoverSvg(seed, shape)))
    .png()
    .toBuffer();
}

const SAMPLE_RATE = 16_000;

/**
 * A gentle two-tone chime as a WAV file (16-bit PCM, mono, 16 kHz): a soft bell struck every
 * two seconds, alternating two notes, with a fade in and out. About 10 seconds, 320 KB.
 */
export function chimeWav(variant: number, seconds = 10): Buffer {
  const notes: [number, number][] = [
    [523.25, 659.25], // C5, E5
    [587.33, 739.99], // D5, F#5
    [493.88, 622.25], // B4, D#5
    [440, 554.37], // A4, C#5
  ];
  const [low, high] = notes[variant % notes.length] as [number, number];
  const samples = Math.round(SAMPLE_RATE * seconds);
  const data = Buffer.alloc(samples * 2);
  const strikeEvery = 2;
  const fade = 1;
  for (let i = 0; i < samples; i++) {
    const t = i / SAMPLE_RATE;
    const strike = Math.floor(t / strikeEvery);
    const since = t - strike * strikeEvery;
    const pitch = strike % 2 === 0 ? low : high;
    // A bell: the note with a quieter octave above it, dying away after the strike.
    const bell =
      Math.exp(-2.2 * since) *
      (Math.sin(2 * Math.PI * pitch * t) + 0.3 * Math.sin(2 * Math.PI * pitch * 2 * t));
    const envelope = Math.min(1, t / fade, (seconds - t) / fade);
    const value = Math.round(Math.max(-1, Math.min(1, 0.35 * bell * envelope)) * 32_767);
    data.writeInt16LE(value, i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // PCM chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The demo supporter accounts made by seedDemoCampaigns, in their order (supporter 1 first). */
async function demoSupporters(executor: Executor): Promise<UserRow[]> {
  const emails = DEMO_SUPPORTERS.map((_, i) => `demo.supporter${i + 1}@example.com`);
  const rows = await findUsersByEmails(executor, emails);
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  return emails.flatMap((email) => byEmail.get(email) ?? []);
}

/**
 * The demo blog (categories, two authors, six published posts with covers, comments, replies
 * and likes) and four podcast episodes with covers and a short chime as their audio, created
 * through the feature services in the seed's transaction (their own transactions become
 * savepoints). The services publish "now": the past publication dates and comment times are
 * written onto the rows afterwards, as the demo campaigns do (docs/decisions/004).
 */
export async function seedDemoContent(
  executor: Executor,
  storage: Storage,
  now = new Date(),
): Promise<void> {
  // The services take the database; inside the seed they run on its transaction.
  const db = executor as Database;
  const deps = { db, storage };
  const supporters = await demoSupporters(executor);
  const supporter = (index: number): UserRow => {
    const row = supporters[index];
    if (!row) throw new Error(`demo supporter ${index + 1} is missing`);
    return row;
  };
  // createPost presents the new post to a viewer; authorisation is the route's job.
  const viewer = supporter(0);

  const categoryIds = new Map<string, string>();
  for (const name of DEMO_BLOG_CATEGORIES) {
    categoryIds.set(name, (await blogTaxonomy.createCategory(db, { name }))._id);
  }
  const authorIds = new Map<string, string>();
  for (const author of DEMO_BLOG_AUTHORS) {
    const created = await blogTaxonomy.createAuthor(
      deps,
      {
        author_name: author.name,
        author_title: author.title,
        is_default: String(author.isDefault),
      },
      undefined,
    );
    authorIds.set(author.name, created._id);
  }

  for (const [index, demo] of DEMO_BLOG_POSTS.entries()) {
    const category = categoryIds.get(demo.category);
    const author = authorIds.get(demo.author);
    if (!category || !author) throw new Error(`demo post ${index + 1} is incomplete`);
    const post = await blogPosts.createPost(
      deps,
      viewer,
      {
        title: demo.title,
        content: demo.content,
        category,
        publisher: author,
        status: 'published',
      },
      { titleImage: { buffer: await coverPng(index + 1, 'page'), filename: 'cover.png' } },
    );
    const publishedAt = new Date(now.getTime() - demo.publishedDaysAgo * DAY_MS);
    await backdateBlogPost(executor, post._id, {
      publishedAt,
      createdAt: new Date(publishedAt.getTime() - DAY_MS),
      updatedAt: publishedAt,
    });

    // Comments arrive a few hours apart after publication; replies an hour after their comment.
    let at = publishedAt.getTime();
    const backdate = async (id: string, time: number) => {
      await backdateBlogComment(executor, id, new Date(Math.min(time, now.getTime())));
    };
    for (const comment of demo.comments) {
      at += 5 * HOUR_MS;
      const top = await blogComments.addComment(db, supporter(comment.by), post._id, {
        comment: comment.text,
      });
      await backdate(top._id, at);
      let replyAt = at;
      for (const reply of comment.replies ?? []) {
        replyAt += HOUR_MS;
        const answer = await blogComments.addComment(db, supporter(reply.by), post._id, {
          comment: reply.text,
          parentId: top._id,
        });
        await backdate(answer._id, replyAt);
      }
    }
    // Likes go through the service, so likes_count is exactly the like rows.
    const likes = LIKES_PER_POST[index % LIKES_PER_POST.length] ?? 3;
    for (let n = 0; n < likes; n++) {
      await blogPosts.likePost(db, supporter((index * 5 + n) % supporters.length), post._id);
    }
  }

  const podcastCategoryIds = new Map<string, string>();
  for (const name of DEMO_PODCAST_CATEGORIES) {
    podcastCategoryIds.set(name, (await podcasts.createCategory(db, name))._id);
  }
  for (const [index, demo] of DEMO_PODCAST_EPISODES.entries()) {
    const category = podcastCategoryIds.get(demo.category);
    if (!category) throw new Error(`demo episode ${demo.number} has no category`);
    const audioKey = `podcasts/demo-${demo.number}.wav`;
    await storage.put(audioKey, chimeWav(index), 'audio/wav');
    await podcasts.createEpisode(
      deps,
      {
        title: demo.title,
        number: String(demo.number),
        releaseDate: isoDay(new Date(now.getTime() - demo.releasedDaysAgo * DAY_MS)),
        duration: String(demo.durationMinutes),
        summary: demo.summary,
        category,
        channels: JSON.stringify([{ source: 'other', link: `/images/${audioKey}` }]),
        producedBy: demo.producedBy,
      },
      { buffer: await coverPng(index + 11, 'wave'), filename: 'cover.png' },
    );
  }
}
