import { blogErrorTexts, blogLimits, slugify } from '@ipatient/contracts/blog';
import type { Executor, StoredImageSize } from '@ipatient/db';
import { excerptOf, htmlToText, sanitizeRichText } from '../../lib/sanitize-html.ts';
import { storeImageSizes } from '../../lib/stored-images.ts';
import { AppError } from '../../plugins/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import type { Storage } from '../../plugins/storage/storage.ts';
import { removeKeys } from './blog.shared.ts';
import * as repository from './blog-posts.repository.ts';

// What an admin's post form becomes before it is stored: its address, its content and excerpt,
// its image files.

/** Card (400), 2x card and article on a phone (800), article on a large screen (1200). */
export const BLOG_IMAGE_WIDTHS = [400, 800, 1200] as const;

// Slugs

/** What an admin typed as the address, in the stored form ("My Post!" → "/my-post"). */
export function normaliseSlug(typed: string): string {
  const words = slugify(typed);
  if (!words) {
    const text = 'The address needs at least one letter or digit.';
    throw new AppError('VALIDATION', text, { errors: { urlSlug: text } });
  }
  return `/${words}`;
}

/** `base`, or `base-2`, `base-3` … whichever is free first. */
export async function freeSlug(executor: Executor, base: string): Promise<string> {
  const taken = new Set(await repository.slugsLike(executor, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

export const slugTaken = () =>
  new AppError('CONFLICT', blogErrorTexts.slugTaken, {
    errors: { urlSlug: blogErrorTexts.slugTaken },
  });

// Content

/** Sanitized content and its plain text; refuses content with nothing left to show. */
export function cleanContent(html: string): { content: string; text: string } {
  const content = sanitizeRichText(html);
  const text = htmlToText(content);
  if (!text && !/<(img|iframe)\b/.test(content)) {
    const message = 'Content is required';
    throw new AppError('VALIDATION', message, { errors: { content: message } });
  }
  return { content, text };
}

export function generatedExcerpt(text: string): string {
  return excerptOf(text, blogLimits.excerptGenerated);
}

// Images

export type PostFiles = {
  titleImage?: UploadedFile | undefined;
  bodyImage?: UploadedFile | undefined;
};

export const keysOf = (sizes: readonly StoredImageSize[] | undefined) =>
  (sizes ?? []).map((size) => size.key);

const storeSizes = (storage: Storage, file: UploadedFile) =>
  storeImageSizes(storage, file.buffer, 'blog', BLOG_IMAGE_WIDTHS);

interface PostImages {
  title?: StoredImageSize[] | undefined;
  body?: StoredImageSize[] | undefined;
}

/** Stores the post's new images, runs `change`; the new files are removed if it fails. */
export async function withPostImages<T>(
  storage: Storage,
  files: PostFiles,
  change: (images: PostImages) => Promise<T>,
): Promise<T> {
  const images: PostImages = {};
  try {
    if (files.titleImage) images.title = await storeSizes(storage, files.titleImage);
    if (files.bodyImage) images.body = await storeSizes(storage, files.bodyImage);
    return await change(images);
  } catch (error) {
    await removeKeys(storage, [...keysOf(images.title), ...keysOf(images.body)]);
    throw error;
  }
}
