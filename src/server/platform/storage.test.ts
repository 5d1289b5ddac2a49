// Both storages keep the same promises: content-hashed keys under /uploads, the bytes and type
// back, malformed keys refused, deletes that leave others' paths alone. The database one runs on
// the file's database (PGlite, or PostgreSQL with DATABASE_URL); the S3 one against a local S3
// server (s3rver) on a free port.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createSeedImages } from '../db/seed-images.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { startLocalS3, type LocalS3 } from '../test/s3.js';
import { createStorage, DatabaseStorage, S3Storage, type Storage, type StoredMedia } from './storage.js';

let ctx: TestContext;
let s3: LocalS3;
beforeAll(async () => {
  [ctx, s3] = await Promise.all([createTestContext(), startLocalS3()]);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
/** Bytes no other test stores. */
const unique = () => crypto.randomBytes(200);

async function bytesOf(stored: StoredMedia | undefined): Promise<Buffer | undefined> {
  if (!stored) return undefined;
  if (Buffer.isBuffer(stored.body)) return stored.body;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const key = (publicPath: string) => publicPath.slice('/uploads/'.length);

describe.each([
  ['DatabaseStorage', () => new DatabaseStorage(ctx.db) as Storage],
  ['S3Storage', () => new S3Storage(s3.settings) as Storage],
])('%s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('stores bytes under the hash of their content and gives them back with their type', async () => {
    const bytes = unique();
    const before = await storage.count();
    const publicPath = await storage.put(bytes, 'webp');
    expect(publicPath).toBe(`/uploads/images/${sha256(bytes)}.webp`);
    const stored = await storage.get(key(publicPath));
    expect(stored).toMatchObject({ contentType: 'image/webp', etag: sha256(bytes), size: bytes.length });
    expect((await bytesOf(stored))?.equals(bytes)).toBe(true);
    expect(await storage.count()).toBe(before + 1);
  });

  it('keeps one object for the same bytes, however often and however concurrently they are stored', async () => {
    const bytes = unique();
    const before = await storage.count();
    const paths = await Promise.all([1, 2, 3].map(() => storage.put(bytes, 'png', 'banners')));
    expect(new Set(paths)).toEqual(new Set([`/uploads/banners/${sha256(bytes)}.png`]));
    expect(await storage.put(bytes, 'png', 'banners')).toBe(paths[0]);
    expect(await storage.count()).toBe(before + 1);
    expect((await storage.get(key(paths[0] ?? '')))?.contentType).toBe('image/png');
  });

  it('answers nothing for a key that is missing or malformed', async () => {
    const stored = await storage.put(unique(), 'jpg', 'offers');
    const hash = key(stored).split('/')[1]?.split('.')[0] ?? '';
    for (const missing of [
      `offers/${'0'.repeat(64)}.jpg`,
      `images/${hash}.jpg`,
      `offers/${hash}.webp`,
      `offers/${hash}.svg`,
      `offers/${hash}`,
      `../offers/${hash}.jpg`,
      `offers/../offers/${hash}.jpg`,
      `Offers/${hash}.jpg`,
      '',
    ])
      expect(await storage.get(missing), missing).toBeUndefined();
    expect(await storage.get(key(stored))).toBeDefined();
  });

  it('deletes by public path; a path that is not ours or already gone is left alone', async () => {
    const kept = await storage.put(unique(), 'webp');
    const gone = await storage.put(unique(), 'webp');
    const before = await storage.count();
    await storage.delete(gone);
    expect(await storage.get(key(gone))).toBeUndefined();
    expect(await storage.count()).toBe(before - 1);
    await storage.delete(gone);
    for (const foreign of [
      '/uploads/services/handyman.webp',
      `https://cdn.example.com${kept}`,
      key(kept),
      '/etc/passwd',
    ])
      await storage.delete(foreign);
    expect(await storage.count()).toBe(before - 1);
    expect(await storage.get(key(kept))).toBeDefined();
  });

  it('refuses a folder that could leave its place', async () => {
    for (const folder of ['../x', 'a/b', '', 'Images'])
      await expect(storage.put(unique(), 'webp', folder), folder).rejects.toThrow(/Not a storage folder/);
  });
});

describe("the seed's images", () => {
  it('are stored once when two instances seed at once, at the same paths, served by either', async () => {
    // A second connection on PostgreSQL, as a second server would have.
    const other = ctx.databaseUrl ? await openDatabase({ url: ctx.databaseUrl }) : ctx.database;
    try {
      const before = await ctx.storage.count();
      const [a, b] = await Promise.all([
        createSeedImages(new DatabaseStorage(ctx.db)),
        createSeedImages(new DatabaseStorage(other.db)),
      ]);
      expect(b).toEqual(a);
      const paths = [...Object.values(a.categories), ...Object.values(a.offers), ...a.portraits, ...a.banners];
      expect(await ctx.storage.count()).toBe(before + new Set(paths).size);
      for (const publicPath of paths) expect(await new DatabaseStorage(other.db).get(key(publicPath))).toBeDefined();
    } finally {
      if (other !== ctx.database) await other.close();
    }
  });
});

describe('createStorage', () => {
  it('uses the database unless S3_BUCKET is set, and the bucket when it is', async () => {
    expect(await createStorage(parseConfig({}), ctx.db)).toBeInstanceOf(DatabaseStorage);
    const storage = await createStorage(parseConfig(s3.env), ctx.db);
    expect(storage).toBeInstanceOf(S3Storage);
    const publicPath = await storage.put(unique(), 'webp');
    expect(await new S3Storage(s3.settings).get(key(publicPath))).toBeDefined();
  });

  it('stops start-up with a clear message when the bucket cannot be reached', async () => {
    await expect(createStorage(parseConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }), ctx.db)).rejects.toThrow(
      /Cannot reach the S3 bucket no-such-bucket \(S3_BUCKET\)/,
    );
  });

  it('wants the bucket and its two keys together, naming what is missing', () => {
    const s3Only = { S3_BUCKET: 'media' };
    expect(() => parseConfig(s3Only)).toThrow(ConfigError);
    expect(() => parseConfig(s3Only)).toThrow(/S3_ACCESS_KEY_ID: required when S3_BUCKET is set/);
    expect(() => parseConfig(s3Only)).toThrow(/S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set/);
    expect(() => parseConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT is set/,
    );
    expect(() => parseConfig({ ...s3.env, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY: required/);
    expect(() => parseConfig({ ...s3.env, S3_ENDPOINT: 'ftp://example.com' })).toThrow(/S3_ENDPOINT: must be/);
    expect(() => parseConfig({ ...s3.env, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE: must be 0 or 1/);
    expect(parseConfig(s3.env)).toMatchObject({
      S3_BUCKET: 'doorstep-media',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(parseConfig({}).S3_BUCKET).toBeUndefined();
  });
});
