// Images live behind this interface, in one place every instance reads: rows of the app's own
// database by default (DatabaseStorage), an S3 bucket when S3_BUCKET is set (S3Storage). A key
// is `<folder>/<sha256 of the bytes>.<extension>`: new content gets a new URL, so browsers may
// keep an image for ever, and storing the same bytes twice (two instances seeding at once, one
// picture uploaded twice) is harmless. docs/decisions/011-media-storage.md
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { count, eq } from 'drizzle-orm';
import { uploadsPrefix } from '../../contract/paths.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { media } from '../db/schema.js';

/** What may be stored, by extension: images only, each served with its own type. */
export const mediaTypes = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' } as const;
export type MediaExtension = keyof typeof mediaTypes;

export interface StoredMedia {
  body: Buffer | Readable;
  contentType: string;
  /** The hash in the key: the same for the same bytes, on every instance. */
  etag: string;
  size: number;
}

export interface Storage {
  /** Stores the bytes (once per content) and answers the public path (`/uploads/<key>`). */
  put(bytes: Buffer, extension: MediaExtension, folder?: string): Promise<string>;
  /** The object of a key (`images/<hash>.webp`); undefined when there is none or the key is malformed. */
  get(key: string): Promise<StoredMedia | undefined>;
  /** Removes the object behind a public path; a path that is not ours, or already gone, is left alone. */
  delete(publicPath: string): Promise<void>;
  /** How many objects are stored (tests count them). */
  count(): Promise<number>;
}

const folderPattern = /^[a-z0-9-]{1,40}$/;
const keyPattern = /^[a-z0-9-]{1,40}\/([0-9a-f]{64})\.(webp|png|jpg)$/;

/** The hash and type of a well-formed key; undefined for anything else (`..`, other names). */
export function parseKey(key: string): { hash: string; contentType: string } | undefined {
  const match = keyPattern.exec(key);
  const [, hash, extension] = match ?? [];
  if (!hash || !extension) return undefined;
  return { hash, contentType: mediaTypes[extension as MediaExtension] };
}

/** The key behind a public path (`/uploads/images/<hash>.webp`), or undefined when it names none of ours. */
export function keyOf(publicPath: string): string | undefined {
  if (!publicPath.startsWith(uploadsPrefix)) return undefined;
  const key = publicPath.slice(uploadsPrefix.length);
  return parseKey(key) ? key : undefined;
}

function keyFor(bytes: Buffer, extension: MediaExtension, folder: string): string {
  if (!folderPattern.test(folder)) throw new Error(`Not a storage folder: ${folder}`);
  const hash = crypto.createHash('sha256').update(bytes).digest('hex');
  return `${folder}/${hash}.${extension}`;
}

const publicPath = (key: string) => `${uploadsPrefix}${key}`;

/** Images as rows of the `media` table, in the database every instance already shares. */
export class DatabaseStorage implements Storage {
  constructor(private readonly db: Db) {}

  async put(bytes: Buffer, extension: MediaExtension, folder = 'images') {
    const key = keyFor(bytes, extension, folder);
    await this.db
      .insert(media)
      .values({ key, contentType: mediaTypes[extension], bytes, size: bytes.length })
      .onConflictDoNothing({ target: media.key });
    return publicPath(key);
  }

  async get(key: string): Promise<StoredMedia | undefined> {
    const parsed = parseKey(key);
    if (!parsed) return undefined;
    const [row] = await this.db
      .select({ contentType: media.contentType, bytes: media.bytes, size: media.size })
      .from(media)
      .where(eq(media.key, key));
    return row && { body: row.bytes, contentType: row.contentType, etag: parsed.hash, size: row.size };
  }

  async delete(path: string) {
    const key = keyOf(path);
    if (key) await this.db.delete(media).where(eq(media.key, key));
  }

  async count() {
    const [row] = await this.db.select({ n: count() }).from(media);
    return row?.n ?? 0;
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, a test server); AWS itself when absent. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Without them the SDK's own chain applies (AWS_* variables, the instance's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const immutable = 'public, max-age=31536000, immutable';

/**
 * Images as objects of an S3 bucket, for deployments that keep files out of the database. The
 * SDK is loaded by the first call, so a server without a bucket never loads it (its import alone
 * is a noticeable share of a start).
 */
export class S3Storage implements Storage {
  private sdk: Promise<{ s3: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  private readonly bucket: string;

  constructor(private readonly settings: S3Settings) {
    this.bucket = settings.bucket;
  }

  private load() {
    return (this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: this.settings.region,
        endpoint: this.settings.endpoint,
        forcePathStyle: this.settings.forcePathStyle,
        credentials: this.settings.credentials,
      }),
    })));
  }

  /** Fails start-up with a clear message when the bucket cannot be reached, rather than the first upload. */
  async check(): Promise<void> {
    const { s3, client } = await this.load();
    try {
      await client.send(new s3.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const reason = error instanceof Error ? error.name || error.message : String(error);
      throw new Error(`Cannot reach the S3 bucket ${this.bucket} (S3_BUCKET): ${reason}`);
    }
  }

  async put(bytes: Buffer, extension: MediaExtension, folder = 'images') {
    const key = keyFor(bytes, extension, folder);
    const { s3, client } = await this.load();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: mediaTypes[extension],
        CacheControl: immutable,
      }),
    );
    return publicPath(key);
  }

  async get(key: string): Promise<StoredMedia | undefined> {
    const parsed = parseKey(key);
    if (!parsed) return undefined;
    const { s3, client } = await this.load();
    try {
      const object = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      // The type follows the key: a bucket edited by hand cannot make us serve something else.
      const found = { contentType: parsed.contentType, etag: parsed.hash };
      // Streamed when its length is known (always, from S3 itself); read whole otherwise.
      if (object.Body instanceof Readable && object.ContentLength !== undefined)
        return { ...found, body: object.Body, size: object.ContentLength };
      const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array());
      return { ...found, body: bytes, size: bytes.length };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(path: string) {
    const key = keyOf(path);
    if (!key) return;
    const { s3, client } = await this.load();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async count() {
    const { s3, client } = await this.load();
    let total = 0;
    let token: string | undefined;
    do {
      const page = await client.send(new s3.ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      total += page.KeyCount ?? 0;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return total;
  }
}

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/** The storage the config asks for: the bucket (checked now) when S3_BUCKET is set, else the database. */
export async function createStorage(config: Config, db: Db): Promise<Storage> {
  if (!config.S3_BUCKET) return new DatabaseStorage(db);
  const storage = new S3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  await storage.check();
  return storage;
}
