import {
  type TPodcastCategory,
  type TPodcastEpisode,
  type TPodcastListQuery,
  ZPodcastEpisodeCreateRequest,
  ZPodcastEpisodeUpdateRequest,
} from '@ipatient/contracts/podcasts';
import { type Database, isViolation, type StoredImageSize } from '@ipatient/db';
import { detectImageType } from '../../lib/images.ts';
import { presentImageSizes } from '../../lib/present-image-sizes.ts';
import { htmlToText, sanitizeRichText } from '../../lib/sanitize-html.ts';
import { removeImageSizes, storeImageSizes, withStoredImage } from '../../lib/stored-images.ts';
import { AppError, parseOrThrow } from '../../plugins/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import type { Storage } from '../../plugins/storage/storage.ts';
import * as repository from './podcasts.repository.ts';

export interface PodcastsDeps {
  db: Database;
  storage: Storage;
}

/** Card (400), 2x card and detail on a phone (800), detail on a large screen (1200). */
export const PODCAST_IMAGE_WIDTHS = [400, 800, 1200] as const;

const episodeNotFound = () => AppError.notFound('Podcast episode');
const categoryNotFound = () => AppError.notFound('Podcast category');

/** The allow-list of what leaves the server about an episode. */
export function presentEpisode({
  episode,
  category,
}: repository.EpisodeWithCategory): TPodcastEpisode {
  return {
    _id: episode.id,
    image: episode.image,
    imageSizes: presentImageSizes(episode.imageSizes),
    title: episode.title,
    number: episode.number,
    releaseDate: episode.releaseDate,
    duration: episode.durationMinutes,
    summary: episode.summary,
    summaryText: episode.summaryText,
    category: category ? { _id: category.id, name: category.name } : null,
    channels: episode.channels.map((channel) => ({ source: channel.source, link: channel.link })),
    producedBy: episode.producedBy,
    createdAt: episode.createdAt.toISOString(),
  };
}

function presentCategory(row: { id: string; name: string }): TPodcastCategory {
  return { _id: row.id, name: row.name };
}

export async function listEpisodes(
  db: Database,
  query: TPodcastListQuery & { search?: string | undefined },
) {
  const { rows, total } = await repository.listEpisodes(db, {
    page: query.page,
    limit: query.limit,
    categoryId: query.category,
    search: query.search,
  });
  return {
    results: rows.map(presentEpisode),
    meta: { page: query.page, limit: query.limit, total },
  };
}

export async function getEpisode(db: Database, id: string): Promise<TPodcastEpisode> {
  const row = await repository.findEpisode(db, id);
  if (!row) throw episodeNotFound();
  return presentEpisode(row);
}

const AUDIT_TEXT_MAX = 300;

/**
 * An episode as the audit log keeps it before a change: the fields an admin edits, the summary
 * as short plain text (the HTML can be 20 000 characters). Null when there is no such episode.
 */
export async function episodeAuditSummary(db: Database, id: string) {
  const row = await repository.findEpisode(db, id);
  if (!row) return null;
  const episode = presentEpisode(row);
  return {
    _id: episode._id,
    title: episode.title,
    number: episode.number,
    releaseDate: episode.releaseDate,
    duration: episode.duration,
    summaryText: episode.summaryText.slice(0, AUDIT_TEXT_MAX),
    category: episode.category,
    channels: episode.channels,
    producedBy: episode.producedBy,
    image: episode.image,
  };
}

/** A podcast category as the audit log keeps it before a change; null when there is none. */
export async function categoryAuditSummary(db: Database, id: string) {
  const row = await repository.findCategory(db, id);
  return row ? presentCategory(row) : null;
}

export async function listCategories(db: Database): Promise<TPodcastCategory[]> {
  return (await repository.listCategories(db)).map(presentCategory);
}

/** Sanitized summary and its plain text; a summary that is only markup is refused. */
function cleanSummary(html: string): { summary: string; summaryText: string } {
  const summary = sanitizeRichText(html);
  const summaryText = htmlToText(summary).trim();
  if (!summaryText) {
    const text = 'The summary needs some text';
    throw new AppError('VALIDATION', text, { errors: { summary: text } });
  }
  return { summary, summaryText };
}

function assertImageType(file: UploadedFile | undefined): void {
  if (!file) return;
  const type = detectImageType(file.buffer);
  if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/webp') {
    const text = 'The episode image must be a PNG, JPEG or WebP image.';
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', text, { errors: { image: text } });
  }
}

function imageStore(storage: Storage, file: UploadedFile | undefined) {
  return file
    ? () => storeImageSizes(storage, file.buffer, 'podcasts', PODCAST_IMAGE_WIDTHS)
    : undefined;
}

function numberTaken(number: number): AppError {
  const text = `Episode number ${number} is already used by another episode`;
  return new AppError('CONFLICT', text, { errors: { number: text } });
}

function categoryTaken(name: string): AppError {
  const text = `A podcast category named "${name}" already exists`;
  return new AppError('CONFLICT', text, { errors: { name: text } });
}

async function assertCategoryExists(db: Database, id: string): Promise<void> {
  if (!(await repository.findCategory(db, id))) {
    const text = 'Choose a podcast category from the list';
    throw new AppError('VALIDATION', text, { errors: { category: text } });
  }
}

/** Maps the unique number index to a 409 that names the number. */
async function guardNumber<T>(number: number | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (number !== undefined && isViolation(error, '23505', 'podcast_episodes_number_unique')) {
      throw numberTaken(number);
    }
    throw error;
  }
}

export async function createEpisode(
  deps: PodcastsDeps,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<TPodcastEpisode> {
  const input = parseOrThrow(ZPodcastEpisodeCreateRequest, fields);
  if (!image) {
    const text = 'Add a picture for the episode';
    throw new AppError('VALIDATION', text, { errors: { image: text } });
  }
  assertImageType(image);
  const { summary, summaryText } = cleanSummary(input.summary);
  await assertCategoryExists(deps.db, input.category);
  if (await repository.findEpisodeByNumber(deps.db, input.number)) throw numberTaken(input.number);

  const id = await guardNumber(input.number, () =>
    withStoredImage(deps.storage, imageStore(deps.storage, image), async (sizes) => {
      const row = await repository.insertEpisode(deps.db, {
        title: input.title,
        number: input.number,
        releaseDate: input.releaseDate,
        durationMinutes: input.duration,
        summary,
        summaryText,
        categoryId: input.category,
        channels: input.channels,
        producedBy: input.producedBy,
        image: sizes?.at(-1)?.key ?? null,
        imageSizes: sizes ?? [],
      });
      return row.id;
    }),
  );
  return getEpisode(deps.db, id);
}

export async function updateEpisode(
  deps: PodcastsDeps,
  id: string,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<TPodcastEpisode> {
  const input = parseOrThrow(ZPodcastEpisodeUpdateRequest, fields);
  if (!image && Object.values(input).every((value) => value === undefined)) {
    throw new AppError('VALIDATION', 'Change at least one field of the episode.');
  }
  assertImageType(image);
  const cleaned = input.summary === undefined ? undefined : cleanSummary(input.summary);
  if (!(await repository.findEpisode(deps.db, id))) throw episodeNotFound();
  if (input.category !== undefined) await assertCategoryExists(deps.db, input.category);
  if (input.number !== undefined) {
    const holder = await repository.findEpisodeByNumber(deps.db, input.number);
    if (holder && holder.id !== id) throw numberTaken(input.number);
  }

  let replaced: StoredImageSize[] = [];
  await guardNumber(input.number, () =>
    withStoredImage(deps.storage, imageStore(deps.storage, image), (sizes) =>
      deps.db.transaction(async (tx) => {
        const current = await repository.findEpisode(tx, id, { lock: true });
        if (!current) throw episodeNotFound();
        await repository.updateEpisode(tx, id, {
          title: input.title,
          number: input.number,
          releaseDate: input.releaseDate,
          durationMinutes: input.duration,
          ...(cleaned ?? {}),
          categoryId: input.category,
          channels: input.channels,
          producedBy: input.producedBy,
          ...(sizes ? { image: sizes.at(-1)?.key ?? null, imageSizes: sizes } : {}),
        });
        if (sizes) replaced = current.episode.imageSizes;
      }),
    ),
  );
  await removeImageSizes(deps.storage, replaced);
  return getEpisode(deps.db, id);
}

export async function deleteEpisode(deps: PodcastsDeps, id: string): Promise<void> {
  const row = await repository.deleteEpisode(deps.db, id);
  if (!row) throw episodeNotFound();
  await removeImageSizes(deps.storage, row.imageSizes);
}

async function guardCategoryName<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isViolation(error, '23505', 'podcast_categories_name_unique')) throw categoryTaken(name);
    throw error;
  }
}

export async function createCategory(db: Database, name: string): Promise<TPodcastCategory> {
  return presentCategory(await guardCategoryName(name, () => repository.insertCategory(db, name)));
}

export async function renameCategory(
  db: Database,
  id: string,
  name: string,
): Promise<TPodcastCategory> {
  const row = await guardCategoryName(name, () => repository.renameCategory(db, id, name));
  if (!row) throw categoryNotFound();
  return presentCategory(row);
}

/** A category that still has episodes is kept: its episodes would lose their category. */
export async function deleteCategory(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const category = await repository.findCategory(tx, id, { lock: true });
    if (!category) throw categoryNotFound();
    const episodes = await repository.countEpisodesIn(tx, id);
    if (episodes > 0) {
      throw new AppError(
        'CONFLICT',
        `"${category.name}" still has ${episodes} episode${episodes === 1 ? '' : 's'}. Move or delete them first.`,
      );
    }
    await repository.deleteCategory(tx, id);
  });
}
