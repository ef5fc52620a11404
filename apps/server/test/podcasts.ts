import type { TPodcastCategory, TPodcastEpisode } from '@ipatient/contracts';
import { podcastCategories, podcastEpisodes } from '@ipatient/db';
import { multipart, type SignedInUser } from './accounts.ts';
import { pngImage, type UploadFile } from './campaigns.ts';
import type { TestApp } from './helpers.ts';

export const youtubeLink = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
export const spotifyLink = 'https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk';
export const appleLink = 'https://podcasts.apple.com/ng/podcast/the-ipatient-show/id1700000000';
export const audioLink = 'https://media.example.ng/episodes/episode-1.mp3';

let nextNumber = 1;
/** An episode number no other test of this file has used. */
export function uniqueEpisodeNumber(): number {
  nextNumber += 1;
  return nextNumber;
}

/** Every field of a valid episode form (multipart text fields); `category` must be given. */
export function validEpisodeFields(
  category: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    title: 'Speaking up in the consulting room',
    number: String(uniqueEpisodeNumber()),
    releaseDate: '2025-03-05',
    duration: '45 min',
    summary: '<p>Three questions worth asking <strong>every time</strong>.</p>',
    category,
    channels: JSON.stringify([{ source: 'youtube', link: youtubeLink }]),
    producedBy: 'iPatient Studio, Lagos',
    ...overrides,
  };
}

export async function episodeImage(body?: Buffer): Promise<UploadFile> {
  return { body: body ?? (await pngImage(900, 900)), filename: 'episode.png', type: 'image/png' };
}

/** POST or PUT of the episode form as `user`; returns the raw answer. */
export async function sendEpisodeForm(
  t: TestApp,
  user: SignedInUser | undefined,
  fields: Record<string, string>,
  image?: UploadFile,
  target: { method: 'POST' | 'PUT'; url: string } = { method: 'POST', url: '/post-podcast' },
) {
  const form = await multipart(fields, image ? { image } : {});
  return t.app.inject({
    method: target.method,
    url: `/api/v1${target.url}`,
    payload: form.payload,
    headers: { ...form.headers, ...(user?.headers ?? {}) },
  });
}

/** A category created through the API. */
export async function createPodcastCategory(
  t: TestApp,
  admin: SignedInUser,
  name = `Health Talk ${uniqueEpisodeNumber()}`,
): Promise<TPodcastCategory> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/podcast_category',
    headers: admin.headers,
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`category not created: ${response.body}`);
  return response.json().result;
}

/** An episode published through the API (with an image). */
export async function createEpisode(
  t: TestApp,
  admin: SignedInUser,
  category: string,
  overrides: Record<string, string> = {},
): Promise<TPodcastEpisode> {
  const response = await sendEpisodeForm(
    t,
    admin,
    validEpisodeFields(category, overrides),
    await episodeImage(),
  );
  if (response.statusCode !== 201) throw new Error(`episode not created: ${response.body}`);
  return response.json().result;
}

/** An episode row written directly (no image), for list tests that need many. */
export async function insertEpisodeRow(
  t: TestApp,
  categoryId: string | null,
  overrides: Partial<typeof podcastEpisodes.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(podcastEpisodes)
    .values({
      title: 'Malaria in the rainy season',
      number: uniqueEpisodeNumber(),
      releaseDate: '2025-01-01',
      durationMinutes: 22,
      summary: '<p>Test before treating.</p>',
      summaryText: 'Test before treating.',
      categoryId,
      channels: [{ source: 'spotify', link: spotifyLink }],
      producedBy: 'iPatient Studio',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('episode row not inserted');
  return row;
}

export async function insertCategoryRow(t: TestApp, name: string) {
  const [row] = await t.database.db.insert(podcastCategories).values({ name }).returning();
  if (!row) throw new Error('category row not inserted');
  return row;
}
