import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers.ts';
import type { Config } from '../../config.ts';
import { storagePlugin } from './storage.plugin.ts';
import {
  isValidStorageKey,
  LocalDiskStorage,
  newStorageKey,
  S3Storage,
  type StoredObject,
} from './storage.ts';

async function bodyOf(object: StoredObject | undefined): Promise<Buffer> {
  if (!object) throw new Error('no object');
  if (Buffer.isBuffer(object.body)) return object.body;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body as Readable) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const webpBytes = Buffer.concat([Buffer.from('RIFF\x10\0\0\0WEBPVP8 '), Buffer.alloc(32, 7)]);

describe('storage keys', () => {
  it('accepts lower-case keys in folders', () => {
    expect(isValidStorageKey('avatars/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed.webp')).toBe(true);
    expect(isValidStorageKey('campaigns/a1_b2.c3-d4.png')).toBe(true);
    expect(newStorageKey('avatars', 'webp')).toMatch(/^avatars\/[0-9a-f-]{36}\.webp$/);
  });

  it('refuses traversal, absolute paths, dot files and odd characters', () => {
    for (const key of [
      '',
      '../secrets.json',
      'avatars/../../secrets.json',
      'avatars/..',
      '/etc/passwd',
      'avatars//x.webp',
      'avatars/',
      '.tmp/x.part',
      'avatars/.hidden',
      'Avatars/X.webp',
      'avatars\\x.webp',
      'avatars/x y.webp',
      'avatars/%2e%2e',
      `a/${'x'.repeat(300)}`,
    ]) {
      expect(isValidStorageKey(key), key).toBe(false);
    }
  });
});

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-uploads-'));
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts, gets and deletes a file', async () => {
    await storage.put('avatars/abc.webp', webpBytes, 'image/webp');
    expect(fs.readFileSync(path.join(root, 'avatars', 'abc.webp')).equals(webpBytes)).toBe(true);
    const object = await storage.get('avatars/abc.webp');
    expect(object?.contentType).toBe('image/webp');
    expect(object?.contentLength).toBe(webpBytes.length);
    expect((await bodyOf(object)).equals(webpBytes)).toBe(true);

    await storage.delete('avatars/abc.webp');
    expect(await storage.get('avatars/abc.webp')).toBeUndefined();
    expect(fs.existsSync(path.join(root, 'avatars', 'abc.webp'))).toBe(false);
    // Deleting again is fine.
    await storage.delete('avatars/abc.webp');
  });

  it('replaces a file whole and leaves no temporary file behind', async () => {
    await storage.put('docs/a.pdf', Buffer.from('%PDF-first'), 'application/pdf');
    await storage.put('docs/a.pdf', Buffer.from('%PDF-second'), 'application/pdf');
    expect(await bodyOf(await storage.get('docs/a.pdf'))).toEqual(Buffer.from('%PDF-second'));
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('stores a file from disk, larger than one read, and leaves the file where it was', async () => {
    const source = path.join(root, 'export.zip');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 9);
    fs.writeFileSync(source, bytes);
    await storage.putFile('private/exports/a.zip', source, 'application/zip');
    expect(fs.readFileSync(path.join(root, 'private', 'exports', 'a.zip')).equals(bytes)).toBe(
      true,
    );
    expect(fs.existsSync(source)).toBe(true);
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
    await expect(
      storage.putFile('private/exports/b.zip', path.join(root, 'missing.zip'), 'application/zip'),
    ).rejects.toThrow(/ENOENT/);
    expect(await storage.get('private/exports/b.zip')).toBeUndefined();
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('answers undefined for a missing key or a folder', async () => {
    expect(await storage.get('avatars/missing.webp')).toBeUndefined();
    await storage.put('avatars/abc.webp', webpBytes, 'image/webp');
    expect(await storage.get('avatars')).toBeUndefined();
  });

  it('refuses keys that would leave its directory', async () => {
    fs.writeFileSync(path.join(path.dirname(root), 'outside.txt'), 'secret');
    await expect(storage.get('../outside.txt')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.put('../x.webp', webpBytes, 'image/webp')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.delete('../outside.txt')).rejects.toThrow(/Invalid storage key/);
    expect(fs.existsSync(path.join(path.dirname(root), 'outside.txt'))).toBe(true);
    fs.rmSync(path.join(path.dirname(root), 'outside.txt'));
  });
});

interface FakeS3 {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  requests: { method: string; path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/** Just enough of S3's path-style REST API: PUT, GET, HEAD, DELETE of objects. */
async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const requests: FakeS3['requests'] = [];
  const server = http.createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push({
      method: req.method ?? '',
      path: pathname,
      authorization: req.headers.authorization,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === 'PUT') {
      objects.set(pathname, {
        body: Buffer.concat(chunks),
        contentType: req.headers['content-type'],
      });
      res.writeHead(200, { etag: '"1"' }).end();
      return;
    }
    if (req.method === 'DELETE') {
      objects.delete(pathname);
      res.writeHead(204).end();
      return;
    }
    const object = objects.get(pathname);
    if (!object) {
      res
        .writeHead(404, { 'content-type': 'application/xml' })
        .end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
        );
      return;
    }
    res.writeHead(200, {
      'content-type': object.contentType ?? 'application/octet-stream',
      'content-length': object.body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : object.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('S3Storage', () => {
  let s3: FakeS3;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startFakeS3();
    storage = new S3Storage({
      bucket: 'media',
      endpoint: s3.url,
      region: 'auto',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
    });
  });
  afterAll(async () => {
    storage.close();
    await s3.close();
  });

  it('sends the bucket, key, body and type, and reads them back', async () => {
    await storage.put('avatars/abc.webp', webpBytes, 'image/webp');
    const put = s3.requests.at(-1);
    expect(put).toMatchObject({ method: 'PUT', path: '/media/avatars/abc.webp' });
    expect(put?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);
    expect(s3.objects.get('/media/avatars/abc.webp')?.body.equals(webpBytes)).toBe(true);
    expect(s3.objects.get('/media/avatars/abc.webp')?.contentType).toBe('image/webp');

    const object = await storage.get('avatars/abc.webp');
    expect(object?.contentType).toBe('image/webp');
    expect(object?.contentLength).toBe(webpBytes.length);
    expect((await bodyOf(object)).equals(webpBytes)).toBe(true);
  });

  it('sends a file from disk with its length', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-put-file-'));
    const source = path.join(folder, 'export.zip');
    const bytes = Buffer.alloc(200_000, 3);
    fs.writeFileSync(source, bytes);
    await storage.putFile('private/exports/a.zip', source, 'application/zip');
    fs.rmSync(folder, { recursive: true, force: true });
    expect(s3.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/media/private/exports/a.zip',
    });
    const stored = s3.objects.get('/media/private/exports/a.zip');
    expect(stored?.body.equals(bytes)).toBe(true);
    expect(stored?.contentType).toBe('application/zip');
  });

  it('deletes, and answers undefined for a missing object', async () => {
    await storage.put('docs/a.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
    await storage.delete('docs/a.pdf');
    expect(s3.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/media/docs/a.pdf' });
    expect(s3.objects.has('/media/docs/a.pdf')).toBe(false);
    expect(await storage.get('docs/a.pdf')).toBeUndefined();
  });

  it('refuses bad keys without calling S3', async () => {
    const before = s3.requests.length;
    await expect(storage.put('../x.webp', webpBytes, 'image/webp')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.get('a/../b')).rejects.toThrow(/Invalid storage key/);
    expect(s3.requests.length).toBe(before);
  });
});

async function buildStorageApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('config', config);
  await app.register(storagePlugin);
  await app.ready();
  return app;
}

describe('GET /images/* from local disk', () => {
  let config: Config;
  let app: FastifyInstance;
  beforeAll(async () => {
    config = testConfig();
    app = await buildStorageApp(config);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('uses local disk under DATA_DIR/uploads', () => {
    expect(app.storage).toBeInstanceOf(LocalDiskStorage);
    expect((app.storage as LocalDiskStorage).root).toBe(path.join(config.dataDir, 'uploads'));
  });

  it('serves a stored object with a year-long cache and a locked-down policy', async () => {
    await app.storage.put('avatars/abc.webp', webpBytes, 'image/webp');
    const response = await app.inject({ method: 'GET', url: '/images/avatars/abc.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.rawPayload.equals(webpBytes)).toBe(true);
  });

  it('answers 404 for missing media and never leaves the uploads directory', async () => {
    expect((await app.inject({ method: 'GET', url: '/images/nope.webp' })).statusCode).toBe(404);
    fs.writeFileSync(path.join(config.dataDir, 'secrets-copy.json'), '{"secret":true}');
    for (const url of [
      '/images/../secrets-copy.json',
      '/images/%2e%2e/secrets-copy.json',
      '/images/..%2fsecrets-copy.json',
      '/images/avatars/%2e%2e/%2e%2e/secrets-copy.json',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.body, url).not.toContain('"secret":true');
    }
  });

  it('does not serve unfinished writes', async () => {
    const tmp = path.join(config.dataDir, 'uploads', '.tmp');
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(tmp, 'half.part'), 'half');
    const response = await app.inject({ method: 'GET', url: '/images/.tmp/half.part' });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /images/* from S3', () => {
  let s3: FakeS3;
  let config: Config;
  let app: FastifyInstance;
  beforeAll(async () => {
    s3 = await startFakeS3();
    config = testConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
    app = await buildStorageApp(config);
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('uses the bucket when S3 is configured', () => {
    expect(app.storage).toBeInstanceOf(S3Storage);
    expect((app.storage as S3Storage).bucket).toBe('media');
  });

  it('streams the object with the same cache and policy headers', async () => {
    await app.storage.put('campaigns/c1.webp', webpBytes, 'image/webp');
    expect(s3.objects.has('/media/campaigns/c1.webp')).toBe(true);
    const response = await app.inject({ method: 'GET', url: '/images/campaigns/c1.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.rawPayload.equals(webpBytes)).toBe(true);

    const head = await app.inject({ method: 'HEAD', url: '/images/campaigns/c1.webp' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers a plain 404 for missing objects and bad keys', async () => {
    const missing = await app.inject({ method: 'GET', url: '/images/campaigns/none.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
    expect(missing.body).toBe('Not found');

    const requestsBefore = s3.requests.length;
    for (const url of [
      '/images/%2e%2e/secret',
      '/images/a/..%2f..%2fsecret',
      '/images/UPPER.png',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    expect(s3.requests.length).toBe(requestsBefore);
  });
});
