import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

export interface StoredObject {
  body: Buffer | Readable;
  contentType: string;
  contentLength: number | undefined;
}

/** Where uploaded media lives: local disk by default, S3-compatible storage in production. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a finished file from local disk, read as a stream: a large file (a member's data
   * zip) never sits in memory whole. The file itself is left where it is.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** undefined when there is no such object. */
  get(key: string): Promise<StoredObject | undefined>;
}

/** Stored objects never change, so they are cached for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const KEY = /^[a-z0-9_.-]+(\/[a-z0-9_.-]+)*$/;
const KEY_MAX_LENGTH = 255;

/** `avatars/1b9d….webp`: lower-case letters, digits, `_ . -`, folders; no `..`, no dot files. */
export function isValidStorageKey(key: string): boolean {
  return (
    key.length <= KEY_MAX_LENGTH &&
    KEY.test(key) &&
    !key.includes('..') &&
    key.split('/').every((segment) => !segment.startsWith('.'))
  );
}

export function assertStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A new random key in a folder, e.g. `newStorageKey('avatars', 'webp')`. */
export function newStorageKey(folder: string, extension: string): string {
  const key = `${folder}/${randomUUID()}.${extension}`;
  assertStorageKey(key);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.wav': 'audio/wav',
};

/** The content type a key's extension stands for (local disk keeps no other record of it). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Files under `DATA_DIR/uploads`, one per key. */
export class LocalDiskStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    fs.mkdirSync(this.root, { recursive: true });
  }

  #pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    await this.#write(key, (handle) => handle.writeFile(body));
  }

  async putFile(key: string, file: string, _contentType: string): Promise<void> {
    // A stream is written chunk by chunk (FileHandle.writeFile takes any async iterable).
    await this.#write(key, (handle) => handle.writeFile(fs.createReadStream(file)));
  }

  /** Written to a temporary file, flushed, then renamed: a crash never leaves half a file. */
  async #write(key: string, fill: (handle: fs.promises.FileHandle) => Promise<void>) {
    const target = this.#pathOf(key);
    // In the root so the rename stays on one filesystem; a dot directory is never served.
    const tmpDir = path.join(this.root, '.tmp');
    await fs.promises.mkdir(tmpDir, { recursive: true });
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(tmpDir, `${randomUUID()}.part`);
    try {
      const handle = await fs.promises.open(tmp, 'wx');
      try {
        await fill(handle);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(tmp, target);
    } catch (error) {
      await fs.promises.rm(tmp, { force: true });
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.#pathOf(key), { force: true });
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const file = this.#pathOf(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch (error) {
      if (isNotFound(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
      throw error;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return undefined;
    }
    return {
      body: handle.createReadStream(),
      contentType: contentTypeOf(key),
      contentLength: stat.size,
    };
  }
}

export interface S3StorageOptions {
  bucket: string;
  /** S3-compatible services (MinIO, R2): their URL; path-style addressing is then used. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/** Objects in an S3 bucket (AWS S3, Cloudflare R2, MinIO). */
export class S3Storage implements Storage {
  readonly bucket: string;
  readonly client: S3Client;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
      // Checksums only where S3 requires them: several S3-compatible services reject the defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.#send(key, body, body.length, contentType);
  }

  /** One PUT with the file's length, streamed from disk. */
  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertStorageKey(key);
    const { size } = await fs.promises.stat(file);
    await this.#send(key, fs.createReadStream(file), size, contentType);
  }

  async #send(key: string, body: Buffer | Readable, length: number, contentType: string) {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: length,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async get(key: string): Promise<StoredObject | undefined> {
    assertStorageKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!object.Body) return undefined;
      return {
        body: object.Body as Readable,
        contentType: object.ContentType ?? contentTypeOf(key),
        contentLength: object.ContentLength,
      };
    } catch (error) {
      const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404) {
        return undefined;
      }
      throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
