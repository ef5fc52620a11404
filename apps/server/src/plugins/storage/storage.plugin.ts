import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  IMMUTABLE_CACHE_CONTROL,
  isValidStorageKey,
  LocalDiskStorage,
  S3Storage,
  type Storage,
} from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded media: local disk, or S3 when S3_BUCKET is set. */
    storage: Storage;
  }
}

export interface StoragePluginOptions {
  /** Overrides the storage chosen from the configuration (tests). */
  storage?: Storage;
}

/** Uploads are only ever images and documents; nothing in them may run. */
const MEDIA_CSP = "default-src 'none'; sandbox";

async function serveFromDisk(app: FastifyInstance, storage: LocalDiskStorage): Promise<void> {
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: '/images/',
    decorateReply: false,
    index: false,
    // The temporary files of unfinished writes live in a dot directory.
    dotfiles: 'ignore',
    // Registration documents and other private files are stored, never published.
    allowedPath: (pathName: string) => !isPrivatePath(pathName),
    // Stored under random keys that never change: cache for a year.
    maxAge: '365d',
    immutable: true,
    setHeaders(reply) {
      reply.header('content-security-policy', MEDIA_CSP);
    },
  });
}

/** Keys under `private/` (facility registration documents) are kept but never served. */
export function isPrivatePath(pathName: string): boolean {
  return /^\/*private(\/|$)/i.test(decodeURIComponent(pathName));
}

function serveFromStorage(app: FastifyInstance, storage: Storage): void {
  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('Not found');

  app.route({
    method: ['GET', 'HEAD'],
    url: '/images/*',
    schema: { hide: true },
    async handler(request: FastifyRequest, reply: FastifyReply) {
      const key = (request.params as { '*'?: string })['*'] ?? '';
      if (!isValidStorageKey(key) || isPrivatePath(key)) return notFound(reply);
      const object = await storage.get(key);
      if (!object) return notFound(reply);
      reply
        .header('content-type', object.contentType)
        .header('cache-control', IMMUTABLE_CACHE_CONTROL)
        .header('content-security-policy', MEDIA_CSP);
      if (request.method === 'HEAD') {
        if (object.body instanceof Readable) object.body.destroy();
        return reply.send();
      }
      if (object.contentLength !== undefined) {
        reply.header('content-length', object.contentLength);
      }
      return reply.send(object.body);
    },
  });
}

/**
 * Media storage: decorates `app.storage` and serves `/images/*` from it, with a year-long
 * immutable cache and a policy that keeps any uploaded file from running as a page.
 */
export const storagePlugin = fp<StoragePluginOptions>(
  async (app, options) => {
    const s3 = app.config.s3;
    const storage =
      options.storage ??
      (s3 ? new S3Storage(s3) : new LocalDiskStorage(path.join(app.config.dataDir, 'uploads')));
    app.decorate('storage', storage);

    if (storage instanceof LocalDiskStorage) {
      await serveFromDisk(app, storage);
    } else {
      serveFromStorage(app, storage);
    }
    if (storage instanceof S3Storage && !options.storage) {
      app.addHook('onClose', async () => storage.close());
    }
  },
  { name: 'ipatient-storage', fastify: '5.x' },
);
