// Uploaded images (Files): read with the size limit, checked by content (never by the
// name or the declared type), and re-encoded, so what we store and serve is always a WebP we made:
// turned upright by its EXIF orientation, without metadata (GPS, camera), at most 1024 px a side.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Metadata } from 'sharp';
import type { z } from 'zod';
import { imageLimits } from '../../contract/common.js';
import { imageText } from '../../contract/messages.js';
import { AppError, badRequest, findNul, nulRefusal } from '../errors.js';
import type { Storage } from './storage.js';

export const imagePolicy = {
  maxBytes: imageLimits.maxBytes,
  /** Larger sides are refused before decoding: a small file can claim a huge picture. */
  maxSide: 8000,
  /** What we keep: the image fitted inside this square, never enlarged. */
  outputSide: 1024,
  quality: 82,
} as const;

export type ImageType = (typeof imageLimits.types)[number];

export interface AcceptedImage {
  /** The re-encoded WebP. */
  bytes: Buffer;
  width: number;
  height: number;
  /** What the upload really was, by its content. */
  sourceType: ImageType;
}

export const imageTooLarge = () => new AppError(413, imageText.tooLarge);
const unsupported = () => new AppError(422, imageText.wrongType);
const unreadable = () => new AppError(422, imageText.unreadable);
const tooManyPixels = () => new AppError(422, imageText.tooManyPixels);

/** The type by the file's first bytes: JPEG, PNG or WebP, anything else (SVG, GIF, text) is null. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

const sharpFormats: Record<ImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Reads the whole part while counting: past the limit the rest is still drained (busboy discards
 * it), so the client gets the 413 rather than a reset connection in the middle of its upload.
 */
async function readLimited(file: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > imagePolicy.maxBytes) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw error;
  }
  // At the multipart limit busboy stops the stream and marks it truncated.
  if (tooLarge || file.file.truncated) throw imageTooLarge();
  return Buffer.concat(chunks);
}

/**
 * Checks an uploaded image and re-encodes it as WebP. Refuses with 413 when larger than 5 MB and
 * with 422 when it is not a JPEG, PNG or WebP by content, cannot be decoded, or is wider or taller
 * than 8000 px.
 */
export async function acceptImage(file: MultipartFile | Buffer): Promise<AcceptedImage> {
  const bytes = Buffer.isBuffer(file) ? file : await readLimited(file);
  if (bytes.length > imagePolicy.maxBytes) throw imageTooLarge();

  // The magic bytes first: other formats (SVG above all) never reach a decoder.
  const sourceType = sniffImageType(bytes);
  if (!sourceType) throw unsupported();

  const limitInputPixels = imagePolicy.maxSide * imagePolicy.maxSide;
  // Loaded at the first image, not at start.
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (metadata.format !== sharpFormats[sourceType]) throw unsupported();
  if (!metadata.width || !metadata.height) throw unreadable();
  if (metadata.width > imagePolicy.maxSide || metadata.height > imagePolicy.maxSide) throw tooManyPixels();

  try {
    const { data, info } = await sharp(bytes, { limitInputPixels, failOn: 'error' })
      .rotate() // by the EXIF orientation, before the metadata goes
      .resize(imagePolicy.outputSide, imagePolicy.outputSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: imagePolicy.quality })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, sourceType };
  } catch {
    throw unreadable();
  }
}

/** Stores an accepted image; answers its public path (`/uploads/<folder>/<name>.webp`). */
export function putImage(storage: Storage, image: AcceptedImage, folder: string): Promise<string> {
  return storage.put(image.bytes, 'webp', folder);
}

/** Checks, re-encodes and stores an image; answers its public path (`/uploads/<folder>/<name>.webp`). */
export async function storeImage(storage: Storage, file: MultipartFile | Buffer, folder: string): Promise<string> {
  return putImage(storage, await acceptImage(file), folder);
}

// ---------------------------------------------------------------- forms with images

/**
 * The size is ours to refuse (readLimited), once the part is drained, with our message: the
 * plugin's own error would end the loop early. The plugin reads this option for parts() too; its
 * types only list it for file().
 */
const partsOptions = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];

/** Whether a form's file field must be sent. */
export type FileRule = 'required' | 'optional';

/** The accepted images by field: a required one is there, an optional one not sent is absent. */
export type FormImages<Files extends Record<string, FileRule>> = {
  [K in keyof Files as Files[K] extends 'required' ? K : never]: AcceptedImage;
} & {
  [K in keyof Files as Files[K] extends 'required' ? never : K]?: AcceptedImage;
};

export interface ImageForm<T, Files extends Record<string, FileRule>> {
  /** The text fields, parsed by the form's schema. */
  data: T;
  images: FormImages<Files>;
}

/**
 * Reads a multipart form of text fields and image files (the admin's catalogue forms) and refuses
 * it in this order: 400 for text the schema refuses or a required file missing (every field's
 * message in `errors`), then 413 or 422 for a file that is too large or not an image. Each file
 * is checked as it arrives and the body is always read to its end, so the client gets the answer
 * rather than a reset connection. Nothing is stored here: the caller stores once all is well.
 * Files in other fields are skipped; a field sent twice keeps its first file.
 */
export async function readImageForm<S extends z.ZodType, Files extends Record<string, FileRule>>(
  request: FastifyRequest,
  schema: S,
  files: Files,
): Promise<ImageForm<z.output<S>, Files>> {
  if (!request.isMultipart()) throw badRequest(imageText.notMultipart);
  const fields: Record<string, unknown> = {};
  const images: Partial<Record<string, AcceptedImage>> = {};
  let refusal: unknown = null;
  for await (const part of request.parts(partsOptions)) {
    if (part.type === 'field') {
      fields[part.fieldname] ??= part.value;
      continue;
    }
    const field = part.fieldname;
    if (!(field in files) || images[field] || refusal) {
      part.file.resume();
      continue;
    }
    try {
      images[field] = await acceptImage(part);
    } catch (error) {
      refusal = error;
    }
  }

  // The app's NUL hook runs before the parts are read; text fields get the same 400 here.
  const nulField = findNul(fields);
  if (nulField !== undefined) throw nulRefusal(nulField);
  const errors: Record<string, string> = {};
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  }
  if (!refusal) {
    for (const [field, rule] of Object.entries(files)) {
      if (rule === 'required' && !images[field]) errors[field] = imageText.missing;
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  if (refusal) throw refusal;
  // Every required file was checked above, so the images are what FormImages says.
  return { data: parsed.data as z.output<S>, images: images as FormImages<Files> };
}
