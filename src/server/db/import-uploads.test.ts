// An install that kept images on its disk (DATA_DIR/uploads) moves them into the shared storage:
// the rows then name the new paths, which the app serves; running it again changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBanner, createCategory, createMember, createOffer } from '../test/factories.js';
import { withApp } from '../test/harness.js';
import { importDiskUploads } from './import-uploads.js';
import { banners, categories, offers, users } from './schema.js';

const ctx = withApp();
let root: string;
beforeAll(async () => {
  root = path.join(ctx.uploadsDir, 'uploads');
});

const picture = (width: number) =>
  sharp({ create: { width, height: 10, channels: 3, background: '#c50' } })
    .webp()
    .toBuffer();

function writeFile(relative: string, bytes: Buffer) {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), bytes);
}

describe('importDiskUploads', () => {
  it('stores the disk images and points every row that named them at the served path', async () => {
    const photo = await picture(11);
    const shared = await picture(12);
    const about = await sharp({ create: { width: 9, height: 9, channels: 3, background: '#05c' } })
      .png()
      .toBuffer();
    writeFile('profiles/8d7c5e1e-5d6b-4c1e-9a3e-1f2a3b4c5d6e.webp', photo);
    writeFile('services/0b1c2d3e-4f50-4a1b-8c2d-3e4f5a6b7c8d.webp', shared);
    writeFile('offers/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d.png', about);
    writeFile('profiles/notes.webp', Buffer.from('not a picture'));
    writeFile('stray.webp', photo);

    const member = await createMember(ctx.db, { image: '/uploads/profiles/8d7c5e1e-5d6b-4c1e-9a3e-1f2a3b4c5d6e.webp' });
    const category = await createCategory(ctx.db, {
      image: '/uploads/services/0b1c2d3e-4f50-4a1b-8c2d-3e4f5a6b7c8d.webp',
    });
    const banner = await createBanner(ctx.db, { image: '/uploads/services/0b1c2d3e-4f50-4a1b-8c2d-3e4f5a6b7c8d.webp' });
    const offer = await createOffer(ctx.db, {
      image: '/uploads/services/0b1c2d3e-4f50-4a1b-8c2d-3e4f5a6b7c8d.webp',
      aboutImage: '/uploads/offers/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d.png',
    });
    const untouched = await createMember(ctx.db, { image: '/uploads/profiles/notes.webp' });

    const summary = await importDiskUploads(ctx.db, ctx.storage, root);
    expect({ ...summary, skipped: [...summary.skipped].sort() }).toEqual({
      images: 3,
      rows: 5,
      skipped: ['profiles/notes.webp', 'stray.webp'],
    });

    const [memberRow] = await ctx.db.select({ image: users.image }).from(users).where(eq(users.id, member.id));
    const [categoryRow] = await ctx.db
      .select({ image: categories.image })
      .from(categories)
      .where(eq(categories.id, category.id));
    const [bannerRow] = await ctx.db.select({ image: banners.image }).from(banners).where(eq(banners.id, banner.id));
    const [offerRow] = await ctx.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(memberRow?.image).toMatch(/^\/uploads\/profiles\/[0-9a-f]{64}\.webp$/);
    expect(categoryRow?.image).toMatch(/^\/uploads\/services\/[0-9a-f]{64}\.webp$/);
    expect(bannerRow?.image).toBe(categoryRow?.image);
    expect(offerRow?.image).toBe(categoryRow?.image);
    expect(offerRow?.aboutImage).toMatch(/^\/uploads\/offers\/[0-9a-f]{64}\.png$/);
    expect((await ctx.db.select({ image: users.image }).from(users).where(eq(users.id, untouched.id)))[0]?.image).toBe(
      '/uploads/profiles/notes.webp',
    );

    for (const [url, bytes, type] of [
      [memberRow?.image, photo, 'image/webp'],
      [categoryRow?.image, shared, 'image/webp'],
      [offerRow?.aboutImage, about, 'image/png'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: url ?? '' });
      expect(res.statusCode, url ?? '').toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }

    const count = await ctx.storage.count();
    expect(await importDiskUploads(ctx.db, ctx.storage, root)).toMatchObject({ images: 3, rows: 0 });
    expect(await ctx.storage.count()).toBe(count);
  });

  it('has nothing to do without an uploads folder', async () => {
    expect(await importDiskUploads(ctx.db, ctx.storage, path.join(root, 'missing'))).toEqual({
      images: 0,
      rows: 0,
      skipped: [],
    });
  });
});
