import { auditLog, eq, podcastCategories, podcastEpisodes } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFiles } from '../../../test/campaigns.ts';
import { createTestApp } from '../../../test/helpers.ts';
import {
  appleLink,
  createEpisode,
  createPodcastCategory,
  episodeImage,
  insertCategoryRow,
  insertEpisodeRow,
  sendEpisodeForm,
  spotifyLink,
  uniqueEpisodeNumber,
} from '../../../test/podcasts.ts';
import {
  admin,
  call,
  categoryId,
  type Method,
  member,
  startPodcastsApp,
  t,
  UNKNOWN_ID,
} from '../../../test/podcasts-suite.ts';
import { categoryAuditSummary, episodeAuditSummary } from './podcasts.service.ts';

beforeAll(startPodcastsApp);
afterAll(() => t.close());

describe('PUT /api/v1/update-podcast/{id}', () => {
  const put = (id: string) => ({ method: 'PUT' as const, url: `/update-podcast/${id}` });

  it('needs a signed-in admin: 401 for visitors, 403 for members', async () => {
    const episode = await createEpisode(t, admin, categoryId);
    expect(
      (await sendEpisodeForm(t, undefined, { title: 'X' }, undefined, put(episode._id))).statusCode,
    ).toBe(401);
    expect(
      (await sendEpisodeForm(t, member, { title: 'X' }, undefined, put(episode._id))).statusCode,
    ).toBe(403);
    const row = await t.database.db
      .select({ title: podcastEpisodes.title })
      .from(podcastEpisodes)
      .where(eq(podcastEpisodes.id, episode._id));
    expect(row[0]?.title).toBe('Speaking up in the consulting room');
  });

  it('changes only the fields sent, sanitizing a new summary', async () => {
    const episode = await createEpisode(t, admin, categoryId);
    const response = await sendEpisodeForm(
      t,
      admin,
      {
        title: 'A new title',
        duration: '50',
        summary: '<p>New</p><script>alert(1)</script>',
        channels: JSON.stringify([{ source: 'apple', link: appleLink }]),
      },
      undefined,
      put(episode._id),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { result } = response.json();
    expect(result).toMatchObject({
      title: 'A new title',
      duration: 50,
      summary: '<p>New</p>',
      channels: [{ source: 'apple', link: appleLink }],
      number: episode.number,
      releaseDate: episode.releaseDate,
      producedBy: episode.producedBy,
      image: episode.image,
    });
  });

  it('replaces the image and removes the old files', async () => {
    const episode = await createEpisode(t, admin, categoryId);
    const response = await sendEpisodeForm(t, admin, {}, await episodeImage(), put(episode._id));
    expect(response.statusCode).toBe(200);
    const files = uploadedFiles(t);
    expect(files.some((file) => file.includes(episode.imageSizes[0]?.path ?? '?'))).toBe(false);
    expect(files.some((file) => file.endsWith(response.json().result.imageSizes[0].path))).toBe(
      true,
    );
  });

  it('answers 409 when the number belongs to another episode, and keeps its own number', async () => {
    const first = await createEpisode(t, admin, categoryId);
    const second = await createEpisode(t, admin, categoryId);
    const clash = await sendEpisodeForm(
      t,
      admin,
      { number: String(first.number), title: 'Changed' },
      undefined,
      put(second._id),
    );
    expect(clash.statusCode).toBe(409);
    const unchanged = (await call('GET', `/get-single-podcast/${second._id}`)).json().result;
    expect(unchanged.title).toBe(second.title);
    const own = await sendEpisodeForm(
      t,
      admin,
      { number: String(second.number) },
      undefined,
      put(second._id),
    );
    expect(own.statusCode).toBe(200);
  });

  it('refuses an empty change, bad fields, an unknown category and an unknown episode', async () => {
    const episode = await createEpisode(t, admin, categoryId);
    expect((await sendEpisodeForm(t, admin, {}, undefined, put(episode._id))).statusCode).toBe(400);
    const bad = await sendEpisodeForm(
      t,
      admin,
      { channels: JSON.stringify([{ source: 'youtube', link: spotifyLink }]) },
      undefined,
      put(episode._id),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('channels.0.link');
    const category = await sendEpisodeForm(
      t,
      admin,
      { category: UNKNOWN_ID },
      undefined,
      put(episode._id),
    );
    expect(category.statusCode).toBe(400);
    const missing = await sendEpisodeForm(t, admin, { title: 'X' }, undefined, put(UNKNOWN_ID));
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/delete-podcast/{id}', () => {
  it('needs a signed-in admin: 401 for visitors, 403 for members', async () => {
    const episode = await createEpisode(t, admin, categoryId);
    expect((await call('DELETE', `/delete-podcast/${episode._id}`)).statusCode).toBe(401);
    expect(
      (await call('DELETE', `/delete-podcast/${episode._id}`, { as: member })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/get-single-podcast/${episode._id}`)).statusCode).toBe(200);
  });

  it('deletes the episode and its image files; a second delete is 404', async () => {
    const episode = await createEpisode(t, admin, categoryId);
    const response = await call('DELETE', `/delete-podcast/${episode._id}`, { as: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Podcast episode deleted' });
    expect((await call('GET', `/get-single-podcast/${episode._id}`)).statusCode).toBe(404);
    const files = uploadedFiles(t);
    for (const size of episode.imageSizes) {
      expect(files.some((file) => file.endsWith(size.path))).toBe(false);
    }
    expect((await call('DELETE', `/delete-podcast/${episode._id}`, { as: admin })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/v1/admin/podcast_category', () => {
  it('needs a signed-in admin: 401 for visitors, 403 for members', async () => {
    const payload = { name: 'Nobody may add this' };
    expect((await call('POST', '/admin/podcast_category', { payload })).statusCode).toBe(401);
    expect(
      (await call('POST', '/admin/podcast_category', { as: member, payload })).statusCode,
    ).toBe(403);
    const rows = await t.database.db
      .select()
      .from(podcastCategories)
      .where(eq(podcastCategories.name, payload.name));
    expect(rows).toHaveLength(0);
  });

  it('creates a category; the same name in another case is 409', async () => {
    const created = await call('POST', '/admin/podcast_category', {
      as: admin,
      payload: { name: '  Mental Health  ' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().result).toEqual({ _id: expect.any(String), name: 'Mental Health' });
    const clash = await call('POST', '/admin/podcast_category', {
      as: admin,
      payload: { name: 'MENTAL health' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A podcast category named "MENTAL health" already exists');
  });

  it.each([{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 7 }])(
    'refuses %j',
    async (payload) => {
      const response = await call('POST', '/admin/podcast_category', { as: admin, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('name');
    },
  );
});

describe('PUT /api/v1/admin/podcast_category/{id}', () => {
  it('needs a signed-in admin: 401 for visitors, 403 for members', async () => {
    const payload = { name: 'Renamed by nobody' };
    const url = `/admin/podcast_category/${categoryId}`;
    expect((await call('PUT', url, { payload })).statusCode).toBe(401);
    expect((await call('PUT', url, { as: member, payload })).statusCode).toBe(403);
  });

  it("renames a category; another category's name is 409; unknown is 404", async () => {
    const category = await insertCategoryRow(t, 'Nutriton');
    await insertCategoryRow(t, 'Maternal Health');
    const url = `/admin/podcast_category/${category.id}`;
    const renamed = await call('PUT', url, { as: admin, payload: { name: 'Nutrition' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().result).toEqual({ _id: category.id, name: 'Nutrition' });
    const clash = await call('PUT', url, { as: admin, payload: { name: 'maternal health' } });
    expect(clash.statusCode).toBe(409);
    const missing = await call('PUT', `/admin/podcast_category/${UNKNOWN_ID}`, {
      as: admin,
      payload: { name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
    expect((await call('PUT', url, { as: admin, payload: { name: '' } })).statusCode).toBe(400);
  });
});

describe('DELETE /api/v1/admin/podcast_category/{id}', () => {
  it('needs a signed-in admin: 401 for visitors, 403 for members', async () => {
    const url = `/admin/podcast_category/${categoryId}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', url, { as: member })).statusCode).toBe(403);
  });

  it('refuses to delete a category that has episodes (409), deletes an empty one', async () => {
    const used = await insertCategoryRow(t, 'Used category');
    await insertEpisodeRow(t, used.id);
    const refused = await call('DELETE', `/admin/podcast_category/${used.id}`, { as: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/still has 1 episode\b/);
    const empty = await insertCategoryRow(t, 'Empty category');
    const deleted = await call('DELETE', `/admin/podcast_category/${empty.id}`, { as: admin });
    expect(deleted.statusCode).toBe(200);
    const names = (await call('GET', '/get-podcast-categories'))
      .json()
      .results.map((c: { name: string }) => c.name);
    expect(names).toContain('Used category');
    expect(names).not.toContain('Empty category');
    expect(
      (await call('DELETE', `/admin/podcast_category/${empty.id}`, { as: admin })).statusCode,
    ).toBe(404);
  });
});

/**
 * The audit settings of routes as a request sees them (`routeOptions.config`), in a test app of
 * its own: [`METHOD pattern`, audit entity, has a "before"] for each call (made as a visitor).
 */
async function auditConfigs(calls: readonly (readonly [Method, string])[]) {
  const seen: [string, string | undefined, boolean][] = [];
  const own = await createTestApp({
    setup: (app) =>
      app.addHook('onRequest', async (request) => {
        const audit = (
          request.routeOptions.config as { audit?: { entity?: string; before?: unknown } }
        ).audit;
        seen.push([
          `${request.method} ${request.routeOptions.url}`,
          audit?.entity,
          typeof audit?.before === 'function',
        ]);
      }),
  });
  try {
    for (const [method, url] of calls) {
      await own.app.inject({ method, url: `/api/v1${url}`, payload: {} });
    }
  } finally {
    await own.close();
  }
  return seen;
}

describe('audit summaries (the "before" of admin changes)', () => {
  it('keeps an episode short: plain-text summary, no image sizes; null when unknown', async () => {
    const created = await createEpisode(t, admin, categoryId, {
      summary: `<p>${'Long words. '.repeat(100)}</p>`,
    });
    const summary = await episodeAuditSummary(t.database.db, created._id);
    expect(summary).toMatchObject({
      _id: created._id,
      title: created.title,
      number: created.number,
      category: { _id: categoryId, name: 'Patient Voices' },
      channels: created.channels,
    });
    expect(summary).not.toHaveProperty('summary');
    expect(summary).not.toHaveProperty('imageSizes');
    expect(summary?.summaryText.length).toBeLessThanOrEqual(300);
    expect(await episodeAuditSummary(t.database.db, UNKNOWN_ID)).toBeNull();
    expect(await categoryAuditSummary(t.database.db, categoryId)).toEqual({
      _id: categoryId,
      name: 'Patient Voices',
    });
    expect(await categoryAuditSummary(t.database.db, UNKNOWN_ID)).toBeNull();
  });

  it('records admin writes with the record before and after', async () => {
    const created = await createEpisode(t, admin, categoryId, { title: 'Before the change' });
    const update = await sendEpisodeForm(t, admin, { title: 'After the change' }, undefined, {
      method: 'PUT',
      url: `/update-podcast/${created._id}`,
    });
    expect(update.statusCode).toBe(200);
    const category = await createPodcastCategory(t, admin, `Audited ${uniqueEpisodeNumber()}`);
    expect(
      (await call('DELETE', `/admin/podcast_category/${category._id}`, { as: admin })).statusCode,
    ).toBe(200);
    const entries = await t.database.db.select().from(auditLog);
    const forEpisode = entries.filter((entry) => entry.entityId === created._id);
    expect(forEpisode.map((entry) => [entry.action, entry.entityType]).sort()).toEqual([
      ['POST /api/v1/post-podcast', 'podcast'],
      ['PUT /api/v1/update-podcast/{id}', 'podcast'],
    ]);
    const put = forEpisode.find((entry) => entry.action.startsWith('PUT'));
    expect(put?.before).toMatchObject({ title: 'Before the change', number: created.number });
    expect(put?.after).toMatchObject({ title: 'After the change' });
    const removed = entries.find(
      (entry) => entry.entityId === category._id && entry.action.startsWith('DELETE'),
    );
    expect(removed).toMatchObject({
      entityType: 'podcast-category',
      before: { name: category.name },
    });
  });

  it('declares the audit entity on every admin write, with a "before" on changes', async () => {
    const seen = await auditConfigs([
      ['POST', '/post-podcast'],
      ['PUT', `/update-podcast/${UNKNOWN_ID}`],
      ['DELETE', `/delete-podcast/${UNKNOWN_ID}`],
      ['POST', '/admin/podcast_category'],
      ['PUT', `/admin/podcast_category/${UNKNOWN_ID}`],
      ['DELETE', `/admin/podcast_category/${UNKNOWN_ID}`],
    ]);
    expect(seen).toEqual([
      ['POST /api/v1/post-podcast', 'podcast', false],
      ['PUT /api/v1/update-podcast/:id', 'podcast', true],
      ['DELETE /api/v1/delete-podcast/:id', 'podcast', true],
      ['POST /api/v1/admin/podcast_category', 'podcast-category', false],
      ['PUT /api/v1/admin/podcast_category/:id', 'podcast-category', true],
      ['DELETE /api/v1/admin/podcast_category/:id', 'podcast-category', true],
    ]);
  });
});
