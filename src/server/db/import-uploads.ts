// Moves the images of the old disk layout (DATA_DIR/uploads/<folder>/<name>, served only by the
// instance that wrote them) into the storage every instance reads, and points the rows that name
// them at their new paths. Safe to run again: a moved image is stored once (its key is its hash)
// and no row names its old path any more. On each server that kept uploads on its disk:
//   tsx src/server/db/import-uploads.ts      (DATA_DIR, DATABASE_URL and S3_* as for the server)
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { uploadsPrefix } from '../../contract/paths.js';
import { ConfigError, parseConfig } from '../config.js';
import { loggableText } from '../errors.js';
import { sniffImageType, type ImageType } from '../platform/images.js';
import { createStorage, type MediaExtension, type Storage } from '../platform/storage.js';
import { openDatabase, type Db } from './client.js';
import { banners, categories, offers, users } from './schema.js';

const extensions: Record<ImageType, MediaExtension> = { 'image/webp': 'webp', 'image/png': 'png', 'image/jpeg': 'jpg' };

export interface ImportSummary {
  /** Images stored. */
  images: number;
  /** Row columns pointed at a new path. */
  rows: number;
  /** Files left where they are: not an image by their content, or not in a folder of their own. */
  skipped: string[];
}

/** Points every image column naming `from` at `to`; answers how many were changed. */
async function repoint(db: Db, from: string, to: string): Promise<number> {
  const changed = await Promise.all([
    db.update(users).set({ image: to }).where(eq(users.image, from)).returning({ id: users.id }),
    db.update(categories).set({ image: to }).where(eq(categories.image, from)).returning({ id: categories.id }),
    db.update(banners).set({ image: to }).where(eq(banners.image, from)).returning({ id: banners.id }),
    db.update(offers).set({ image: to }).where(eq(offers.image, from)).returning({ id: offers.id }),
    db.update(offers).set({ aboutImage: to }).where(eq(offers.aboutImage, from)).returning({ id: offers.id }),
  ]);
  return changed.reduce((sum, rows) => sum + rows.length, 0);
}

/** Stores every image under `root` (`<folder>/<name>`) and repoints the rows; the files stay. */
export async function importDiskUploads(db: Db, storage: Storage, root: string): Promise<ImportSummary> {
  const summary: ImportSummary = { images: 0, rows: 0, skipped: [] };
  const entries = await fs.readdir(root, { withFileTypes: true, recursive: true }).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, file).split(path.sep);
    const [folder, name] = relative;
    const bytes = relative.length === 2 && folder && name ? await fs.readFile(file) : undefined;
    const type = bytes && sniffImageType(bytes);
    if (!folder || !name || !bytes || !type || !/^[a-z0-9-]{1,40}$/.test(folder)) {
      summary.skipped.push(relative.join('/'));
      continue;
    }
    const stored = await storage.put(bytes, extensions[type], folder);
    summary.images += 1;
    summary.rows += await repoint(db, `${uploadsPrefix}${folder}/${name}`, stored);
  }
  return summary;
}

async function main() {
  const config = parseConfig(process.env);
  const dataDir = path.resolve(config.DATA_DIR);
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir });
  try {
    await database.migrate();
    const storage = await createStorage(config, database.db);
    const root = path.join(dataDir, 'uploads');
    const summary = await importDiskUploads(database.db, storage, root);
    console.log(`Stored ${summary.images} images from ${root}; ${summary.rows} rows now point at them.`);
    if (summary.skipped.length > 0) console.log(`Left alone (not images): ${summary.skipped.join(', ')}`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : `import-uploads failed: ${loggableText(error)}`);
      process.exit(1);
    },
  );
}
