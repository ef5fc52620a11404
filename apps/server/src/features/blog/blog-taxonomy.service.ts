import {
  blogErrorTexts,
  type TBlogAuthor,
  type TBlogCategory,
  ZBlogAuthorCreateRequest,
  ZBlogAuthorUpdateRequest,
  ZBlogCategoryRequest,
} from '@ipatient/contracts/blog';
import { isUuid } from '@ipatient/contracts/ids';
import { type Database, isViolation } from '@ipatient/db';
import { processImage } from '../../lib/images.ts';
import { AppError, parseOrThrow } from '../../plugins/errors.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { newStorageKey, type Storage } from '../../plugins/storage/storage.ts';
import {
  assertImageType,
  type BlogDeps,
  presentAuthor,
  presentCategory,
  removeKeys,
} from './blog.shared.ts';
import * as repository from './blog-taxonomy.repository.ts';

/** An author's photo is shown small next to the post; one size is enough. */
const AUTHOR_IMAGE_BOX = { maxWidth: 400, maxHeight: 400 };

// Categories

const categoryNotFound = () => AppError.notFound('Category');
const categoryNameTaken = () =>
  new AppError('CONFLICT', blogErrorTexts.categoryNameTaken, {
    errors: { name: blogErrorTexts.categoryNameTaken },
  });

export async function listCategories(db: Database): Promise<TBlogCategory[]> {
  return (await repository.listCategories(db)).map(presentCategory);
}

export async function getCategory(db: Database, id: string): Promise<TBlogCategory> {
  const row = await repository.findCategory(db, id);
  if (!row) throw categoryNotFound();
  return presentCategory(row);
}

export async function createCategory(db: Database, body: unknown): Promise<TBlogCategory> {
  const { name } = parseOrThrow(ZBlogCategoryRequest, body);
  try {
    return presentCategory(await repository.insertCategory(db, name));
  } catch (error) {
    if (isViolation(error, '23505')) throw categoryNameTaken();
    throw error;
  }
}

export async function updateCategory(
  db: Database,
  id: string,
  body: unknown,
): Promise<TBlogCategory> {
  const { name } = parseOrThrow(ZBlogCategoryRequest, body);
  let row: repository.CategoryRow | undefined;
  try {
    row = await repository.updateCategory(db, id, name);
  } catch (error) {
    if (isViolation(error, '23505')) throw categoryNameTaken();
    throw error;
  }
  if (!row) throw categoryNotFound();
  return presentCategory(row);
}

export async function deleteCategory(db: Database, id: string): Promise<void> {
  const hasPosts = () =>
    new AppError('CONFLICT', blogErrorTexts.categoryHasPosts, {
      errors: { category: blogErrorTexts.categoryHasPosts },
    });
  await db.transaction(async (tx) => {
    if (!(await repository.findCategory(tx, id))) throw categoryNotFound();
    if ((await repository.countPostsInCategory(tx, id)) > 0) throw hasPosts();
    try {
      await repository.deleteCategory(tx, id);
    } catch (error) {
      // A post was filed under it meanwhile: the foreign key refuses.
      if (isViolation(error, '23503')) throw hasPosts();
      throw error;
    }
  });
}

// Authors

const authorNotFound = () => AppError.notFound('Author');

export async function listAuthors(db: Database): Promise<TBlogAuthor[]> {
  return (await repository.listAuthors(db)).map(presentAuthor);
}

export async function getAuthor(db: Database, id: string): Promise<TBlogAuthor> {
  const row = await repository.findAuthor(db, id);
  if (!row) throw authorNotFound();
  return presentAuthor(row);
}

/** Stores an author photo (one WebP, metadata stripped), runs `change`; removed if it fails. */
async function withAuthorImage<T>(
  storage: Storage,
  file: UploadedFile | undefined,
  change: (key: string | undefined) => Promise<T>,
): Promise<T> {
  let key: string | undefined;
  try {
    if (file) {
      const image = await processImage(file.buffer, AUTHOR_IMAGE_BOX);
      key = newStorageKey('blog-authors', 'webp');
      await storage.put(key, image.body, image.contentType);
    }
    return await change(key);
  } catch (error) {
    if (key) await removeKeys(storage, [key]);
    throw error;
  }
}

export async function createAuthor(
  deps: BlogDeps,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<TBlogAuthor> {
  const input = parseOrThrow(ZBlogAuthorCreateRequest, fields);
  assertImageType(image, 'author_image');
  const row = await withAuthorImage(deps.storage, image, (key) =>
    deps.db.transaction(async (tx) => {
      if (input.is_default) {
        await repository.lockDefaultAuthor(tx);
        await repository.clearDefaultAuthor(tx);
      }
      return repository.insertAuthor(tx, {
        name: input.author_name,
        title: input.author_title,
        image: key ?? null,
        isDefault: input.is_default,
      });
    }),
  );
  return presentAuthor(row);
}

export async function updateAuthor(
  deps: BlogDeps,
  id: string,
  fields: Record<string, string>,
  image: UploadedFile | undefined,
): Promise<TBlogAuthor> {
  const input = parseOrThrow(ZBlogAuthorUpdateRequest, fields);
  if (!image && Object.values(input).every((value) => value === undefined)) {
    throw new AppError('VALIDATION', 'Change at least one field of the author.');
  }
  assertImageType(image, 'author_image');
  let replaced: string | null = null;
  const row = await withAuthorImage(deps.storage, image, (key) =>
    deps.db.transaction(async (tx) => {
      if (input.is_default) await repository.lockDefaultAuthor(tx);
      const before = await repository.findAuthor(tx, id, { lock: true });
      if (!before) throw authorNotFound();
      if (input.is_default) await repository.clearDefaultAuthor(tx, id);
      const updated = await repository.updateAuthor(tx, id, {
        name: input.author_name,
        title: input.author_title,
        isDefault: input.is_default,
        ...(key ? { image: key } : {}),
      });
      if (!updated) throw authorNotFound();
      if (key) replaced = before.image;
      return updated;
    }),
  );
  if (replaced) await removeKeys(deps.storage, [replaced]);
  return presentAuthor(row);
}

/** Deletes an author; their posts stay, published as the site until given another author. */
export async function deleteAuthor(deps: BlogDeps, id: string): Promise<void> {
  const row = await repository.deleteAuthor(deps.db, id);
  if (!row) throw authorNotFound();
  if (row.image) await removeKeys(deps.storage, [row.image]);
}

// Audit snapshots: what a record was before an admin changed it (trimmed; undefined when absent)

export async function categorySnapshot(
  db: Database,
  id: unknown,
): Promise<{ name: string } | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await repository.findCategory(db, id.toLowerCase());
  return row ? { name: row.name } : undefined;
}

export async function authorSnapshot(
  db: Database,
  id: unknown,
): Promise<{ name: string; title: string; isDefault: boolean } | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await repository.findAuthor(db, id.toLowerCase());
  return row ? { name: row.name, title: row.title, isDefault: row.isDefault } : undefined;
}
