import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageText } from '../../contract/messages.js';
import { AppError } from '../errors.js';
import { acceptImage, imagePolicy, sniffImageType, storeImage } from './images.js';
import { openDatabase, type Database } from '../db/client.js';
import { DatabaseStorage } from './storage.js';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

/** A multipart part as @fastify/multipart hands it over; `truncated` as busboy marks a part cut at the limit. */
function fakeFile(bytes: Buffer, options: { truncated?: boolean; chunk?: number } = {}): MultipartFile {
  const size = options.chunk ?? 64 * 1024;
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  const stream = Object.assign(Readable.from(chunks), {
    truncated: options.truncated ?? false,
    bytesRead: bytes.length,
  });
  return {
    type: 'file',
    fieldname: 'image',
    filename: 'photo.png',
    encoding: '7bit',
    mimetype: 'image/png',
    file: stream,
    fields: {},
    toBuffer: async () => bytes,
  } as unknown as MultipartFile;
}

async function refusal(promise: Promise<unknown>): Promise<{ statusCode: number; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { statusCode, message } = error as AppError;
  return { statusCode, message };
}

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes, and nothing else', async () => {
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await solid(4, 4).gif().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('acceptImage', () => {
  it('re-encodes a PNG as WebP of the same size when it is small', async () => {
    const image = await acceptImage(await solid(300, 200).png().toBuffer());
    expect(image.sourceType).toBe('image/png');
    expect({ width: image.width, height: image.height }).toEqual({ width: 300, height: 200 });
    const meta = await sharp(image.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 300, height: 200 });
  });

  it('reads a multipart stream in pieces', async () => {
    const png = await solid(640, 480).png({ compressionLevel: 0 }).toBuffer();
    const image = await acceptImage(fakeFile(png, { chunk: 1000 }));
    expect(image.sourceType).toBe('image/png');
    expect((await sharp(image.bytes).metadata()).format).toBe('webp');
  });

  it('fits a large picture inside 1024 × 1024, keeping its proportions', async () => {
    const image = await acceptImage(await solid(3000, 1500).jpeg().toBuffer());
    expect(image.sourceType).toBe('image/jpeg');
    expect({ width: image.width, height: image.height }).toEqual({ width: 1024, height: 512 });
  });

  it('turns a photo upright by its EXIF orientation and drops the metadata', async () => {
    // 200 wide, 100 high, marked "rotate 90° clockwise to display" (orientation 6), with a copyright note.
    const sideways = await solid(200, 100)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Somebody', Artist: 'Somebody' } })
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const image = await acceptImage(sideways);
    expect({ width: image.width, height: image.height }).toEqual({ width: 100, height: 200 });
    const meta = await sharp(image.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('accepts a WebP', async () => {
    const image = await acceptImage(await solid(50, 60).webp().toBuffer());
    expect(image.sourceType).toBe('image/webp');
  });

  it('refuses more than 5 MB with 413, from a buffer, a long stream or a part cut at the limit', async () => {
    const big = Buffer.alloc(imagePolicy.maxBytes + 1);
    // A real PNG header, so only the size can be the reason.
    (await solid(2, 2).png().toBuffer()).copy(big);
    const expected = { statusCode: 413, message: imageText.tooLarge };
    expect(await refusal(acceptImage(big))).toEqual(expected);
    expect(await refusal(acceptImage(fakeFile(big)))).toEqual(expected);
    expect(await refusal(acceptImage(fakeFile(big.subarray(0, imagePolicy.maxBytes), { truncated: true })))).toEqual(
      expected,
    );
  });

  it('maps the error @fastify/multipart throws at its limit to the 413 message', async () => {
    const stream = new Readable({
      read() {
        this.destroy(
          Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 }),
        );
      },
    });
    const file = {
      ...fakeFile(Buffer.alloc(0)),
      file: Object.assign(stream, { truncated: false }),
    } as unknown as MultipartFile;
    expect(await refusal(acceptImage(file))).toEqual({ statusCode: 413, message: imageText.tooLarge });
  });

  it('refuses what is not a JPEG, PNG or WebP by content with 422, whatever the file is called', async () => {
    const expected = { statusCode: 422, message: imageText.wrongType };
    // A text file named photo.png, declared as image/png.
    expect(await refusal(acceptImage(fakeFile(Buffer.from('just some text, not a picture\n'))))).toEqual(expected);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect(await refusal(acceptImage(svg))).toEqual(expected);
    expect(await refusal(acceptImage(await solid(10, 10).gif().toBuffer()))).toEqual(expected);
    expect(await refusal(acceptImage(await solid(10, 10).tiff().toBuffer()))).toEqual(expected);
    expect(await refusal(acceptImage(Buffer.alloc(0)))).toEqual(expected);
  });

  it('refuses a file that starts like a PNG but is not one with 422', async () => {
    const png = await solid(100, 100).png().toBuffer();
    const broken = Buffer.concat([png.subarray(0, 8), Buffer.from('garbage after a PNG signature')]);
    expect(await refusal(acceptImage(broken))).toEqual({ statusCode: 422, message: imageText.unreadable });
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    expect((await refusal(acceptImage(truncated))).statusCode).toBe(422);
  });

  it('refuses more than 8000 px on a side with 422, before decoding it', async () => {
    // Small files (one colour compresses well) that describe huge pictures.
    const wide = await solid(imagePolicy.maxSide + 1, 10)
      .png()
      .toBuffer();
    expect(wide.length).toBeLessThan(imagePolicy.maxBytes);
    expect(await refusal(acceptImage(wide))).toEqual({ statusCode: 422, message: imageText.tooManyPixels });
    const tall = await solid(10, imagePolicy.maxSide + 1)
      .png()
      .toBuffer();
    expect(await refusal(acceptImage(tall))).toEqual({ statusCode: 422, message: imageText.tooManyPixels });
    const edge = await acceptImage(await solid(imagePolicy.maxSide, 10).png().toBuffer());
    expect(edge.width).toBe(1024);
  });
});

describe('storeImage', () => {
  let database: Database;
  let storage: DatabaseStorage;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await database.migrate();
    storage = new DatabaseStorage(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores the WebP under the folder, named by its content, and answers its public path', async () => {
    const publicPath = await storeImage(storage, await solid(20, 20).png().toBuffer(), 'profiles');
    expect(publicPath).toMatch(/^\/uploads\/profiles\/[0-9a-f]{64}\.webp$/);
    const stored = await storage.get(publicPath.slice('/uploads/'.length));
    expect(stored?.contentType).toBe('image/webp');
    expect((await sharp(stored?.body as Buffer).metadata()).format).toBe('webp');
  });

  it('stores nothing when the image is refused', async () => {
    const before = await storage.count();
    await expect(storeImage(storage, Buffer.from('hello'), 'profiles')).rejects.toBeInstanceOf(AppError);
    expect(await storage.count()).toBe(before);
  });
});
