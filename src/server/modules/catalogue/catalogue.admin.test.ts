// The admin's catalogue calls: services, banners and offers added as multipart
// forms with images, edited and deleted; what customers read changes at once although the
// catalogue reads are cached here (as in production), and an archived service keeps its history.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCatalogueText as t, imageText, notice, serverError, walletText } from '../../../contract/messages.js';
import { banners, categories, offers } from '../../db/schema.js';
import {
  bookingOf,
  createAdmin,
  createBanner,
  createCategory,
  createMember,
  createOffer,
  createProvider,
  signIn,
} from '../../test/factories.js';
import { bearer, expectFailure, expectSuccess, injectAs, withApp } from '../../test/harness.js';
import { catalogueCache } from './catalogue.cache.js';

// The catalogue cache on, as in production: a change must still show at once.
const ctx = withApp({ CATALOGUE_CACHE_MS: '600000' });
let adminToken: string;
let memberToken: string;
const unknownId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  adminToken = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
  memberToken = await signIn(ctx.db, (await createMember(ctx.db)).id);
});

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 20, g: 80, b: 140 } } })
    .jpeg()
    .toBuffer();

interface FilePart {
  bytes: Buffer;
  filename?: string;
  type?: string;
}

/** A multipart body as a browser's FormData sends it: text fields, then files. */
async function multipart(fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(
      name,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.filename ?? 'picture.png',
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function send(
  url: string,
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
  token: string | null = adminToken,
) {
  const body = await multipart(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(token ? bearer(token) : {}) },
  });
}

const { get } = injectAs(
  () => ctx,
  () => adminToken,
);

/** Rows written by a factory bypass the API: the cached reads forget them as their time would. */
const expireCache = () => catalogueCache.invalidate(ctx.app.readCache);

/** What a customer sees on the home page (cached reads). */
const customerCategories = async () =>
  (await get('/v1/services/servicelisting?limit=100', null)).json().data as {
    _id: string;
    title: string;
    image: string;
  }[];
const customerOffers = async () =>
  (await get('/v1/services/offerListing?limit=100', null)).json().data as { _id: string; title: string }[];

/** How many images are stored (in the storage every instance reads). */
const storedCount = () => ctx.storage.count();

/** The stored object behind a public path is a real WebP we made, named by its content. */
async function expectStoredWebp(publicPath: string, folder: string) {
  expect(publicPath).toMatch(new RegExp(`^/uploads/${folder}/[0-9a-f]{64}\\.webp$`));
  const stored = await ctx.storage.get(publicPath.slice('/uploads/'.length));
  expect((await sharp(stored?.body as Buffer).metadata()).format).toBe('webp');
  const served = await ctx.app.inject({ method: 'GET', url: publicPath });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
}

describe('who may call', () => {
  it('refuses an anonymous caller with 401 and a member with 403, before reading anything', async () => {
    const category = await createCategory(ctx.db, { title: 'Guarded' });
    const banner = await createBanner(ctx.db);
    const offer = await createOffer(ctx.db);
    const file = { image: { bytes: await png() } };
    const calls = [
      (token: string | null) => send('/v1/services/service', { title: 'Nope' }, file, token),
      (token: string | null) => send('/v1/services/updateservice', { _id: category.id, title: 'Nope' }, {}, token),
      (token: string | null) => get(`/v1/services/deleteservice/${category.id}`, token),
      (token: string | null) => get(`/v1/admin/services/${category.id}`, token),
      (token: string | null) => send('/v1/services/banner', { title: 'Nope' }, file, token),
      (token: string | null) => get(`/v1/services/deletebanner/${banner.id}`, token),
      (token: string | null) =>
        send('/v1/services/offer', { name: 'N', title: 'Nope', amount: '1', offer: 'O' }, file, token),
      (token: string | null) => get(`/v1/services/deleteoffer/${offer.id}`, token),
    ];
    const filesBefore = await storedCount();
    for (const [index, call] of calls.entries()) {
      const anonymous = await call(null);
      expectFailure(anonymous, 401, { code: 'unauthorized', message: serverError.unauthorized }, `call ${index}`);
      const member = await call(memberToken);
      expectFailure(member, 403, { code: 'forbidden', message: serverError.forbidden }, `call ${index}`);
    }
    // Nothing changed, nothing stored.
    expect(await storedCount()).toBe(filesBefore);
    expect((await ctx.db.select().from(categories).where(eq(categories.id, category.id)))[0]).toMatchObject({
      title: 'Guarded',
      archivedAt: null,
    });
    expect(await ctx.db.select().from(banners).where(eq(banners.id, banner.id))).toHaveLength(1);
    expect(await ctx.db.select().from(offers).where(eq(offers.id, offer.id))).toHaveLength(1);
  });
});

describe('POST /v1/services/service', () => {
  it('adds the service with its image re-encoded as WebP; customers see it at once', async () => {
    expect((await customerCategories()).map((c) => c.title)).not.toContain('Gardening'); // now cached
    const res = await send(
      '/v1/services/service',
      { title: '  Gardening  ' },
      { image: { bytes: await jpeg(), filename: 'garden.jpg', type: 'image/jpeg' } },
    );
    expectSuccess(res, {
      message: notice.submitted,
      data: {
        _id: expect.any(String),
        title: 'Gardening',
        image: expect.any(String),
        providers: 0,
        createdAt: expect.any(String),
        archivedAt: null,
      },
    });
    const body = res.json();
    await expectStoredWebp(body.data.image, 'services');
    const [row] = await ctx.db.select().from(categories).where(eq(categories.id, body.data._id));
    expect(row).toMatchObject({ title: 'Gardening', image: body.data.image, archivedAt: null });
    expect(await customerCategories()).toContainEqual({
      _id: body.data._id,
      title: 'Gardening',
      image: body.data.image,
    });
  });

  it.each([
    ['no title', {}, true, 'title', t.titleRequired],
    ['a blank title', { title: '   ' }, true, 'title', t.titleRequired],
    ['a title of 81 characters', { title: 'x'.repeat(81) }, true, 'title', t.titleTooLong],
    ['no image', { title: 'Roofing' }, false, 'image', imageText.missing],
  ])('refuses %s with 400 and the message', async (_case, fields, withImage, field, message) => {
    const before = await ctx.db.select({ id: categories.id }).from(categories);
    const res = await send('/v1/services/service', fields, withImage ? { image: { bytes: await png() } } : {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message, errors: { [field]: message } });
    expect(await ctx.db.select({ id: categories.id }).from(categories)).toHaveLength(before.length);
  });

  it('names every missing field at once, the title first', async () => {
    const res = await send('/v1/services/service', {});
    expectFailure(res, 400, {
      code: 'invalid',
      message: t.titleRequired,
      errors: { title: t.titleRequired, image: imageText.missing },
    });
  });

  it('refuses a body that is not multipart with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/services/service',
      payload: { title: 'Roofing', image: 'x.png' },
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message: imageText.notMultipart });
  });
});

describe('the image checks of every form', () => {
  const forms = [
    ['/v1/services/service', { title: 'Roofing' }],
    ['/v1/services/banner', { title: 'Spring sale' }],
    ['/v1/services/offer', { name: 'Spring', title: 'Spring sale', amount: '10', offer: '10% off' }],
  ] as const;
  let counts: () => Promise<number[]>;
  beforeEach(() => {
    counts = async () => [
      (await ctx.db.select({ id: categories.id }).from(categories)).length,
      (await ctx.db.select({ id: banners.id }).from(banners)).length,
      (await ctx.db.select({ id: offers.id }).from(offers)).length,
      await storedCount(),
    ];
  });

  it.each(forms)('%s refuses a file over 5 MB with 413 and stores nothing', async (url, fields) => {
    const before = await counts();
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    (await png(2, 2)).copy(big);
    const res = await send(url, fields, { image: { bytes: big } });
    expectFailure(res, 413, { code: 'too_large', message: imageText.tooLarge });
    expect(await counts()).toEqual(before);
  });

  it.each(forms)('%s refuses a text file named .png and an SVG with 422', async (url, fields) => {
    const before = await counts();
    const text = await send(url, fields, {
      image: { bytes: Buffer.from('Not a picture, a shopping list.\n'), filename: 'photo.png' },
    });
    expectFailure(text, 422, { code: 'unprocessable', message: imageText.wrongType });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const vector = await send(url, fields, { image: { bytes: svg, filename: 'logo.svg', type: 'image/svg+xml' } });
    expect(vector.statusCode).toBe(422);
    expect(await counts()).toEqual(before);
  });
});

describe('POST /v1/services/updateservice', () => {
  it('changes the title and keeps the image when none is sent; customers see the new title at once', async () => {
    const category = await createCategory(ctx.db, { title: 'Handyman', image: '/uploads/services/handyman.webp' });
    expireCache();
    expect((await customerCategories()).map((c) => c.title)).toContain('Handyman');
    const res = await send('/v1/services/updateservice', { _id: category.id, title: 'Handy work' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      message: notice.submitted,
      data: { _id: category.id, title: 'Handy work', image: '/uploads/services/handyman.webp' },
    });
    const titles = (await customerCategories()).map((c) => c.title);
    expect(titles).toContain('Handy work');
    expect(titles).not.toContain('Handyman');
  });

  it('replaces the image when one is sent', async () => {
    const category = await createCategory(ctx.db, { title: 'Windows', image: '/uploads/services/old.webp' });
    const res = await send(
      '/v1/services/updateservice',
      { _id: category.id, title: 'Windows' },
      { image: { bytes: await png() } },
    );
    expect(res.statusCode).toBe(200);
    const image = res.json().data.image as string;
    await expectStoredWebp(image, 'services');
    expect((await ctx.db.select().from(categories).where(eq(categories.id, category.id)))[0]!.image).toBe(image);
  });

  it('refuses a blank title or a missing id with 400', async () => {
    const category = await createCategory(ctx.db, { title: 'Locksmith' });
    const blank = await send('/v1/services/updateservice', { _id: category.id, title: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: t.titleRequired });
    const noId = await send('/v1/services/updateservice', { title: 'Locksmith' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json()).toMatchObject({ errors: { _id: t.serviceNotFound } });
    expect((await ctx.db.select().from(categories).where(eq(categories.id, category.id)))[0]!.title).toBe('Locksmith');
  });

  it('answers 404 for an unknown or archived service, storing no file', async () => {
    const archived = await createCategory(ctx.db, { title: 'Old', archived: true });
    const before = await storedCount();
    for (const id of [unknownId, archived.id]) {
      const res = await send(
        '/v1/services/updateservice',
        { _id: id, title: 'Renamed' },
        // A picture stored nowhere yet: storing it would show in the count.
        { image: { bytes: await png(37, 23) } },
      );
      expectFailure(res, 404, { code: 'not_found', message: t.serviceNotFound });
    }
    expect(await storedCount()).toBe(before);
    expect((await ctx.db.select().from(categories).where(eq(categories.id, archived.id)))[0]!.title).toBe('Old');
  });
});

describe('GET /v1/services/deleteservice/:id', () => {
  it('archives the service: gone for customers and the admin, while an old booking still shows it', async () => {
    const category = await createCategory(ctx.db, { title: 'Chimney sweeping' });
    const provider = await createProvider(ctx.db, { name: 'Sam Sweep', categoryIds: [category.id] });
    const customer = await createMember(ctx.db);
    const customerToken = await signIn(ctx.db, customer.id);
    await bookingOf(ctx.db, customer, provider, { categoryId: category.id, status: 'completed', date: '2026-01-05' });
    expireCache();
    expect((await customerCategories()).map((c) => c.title)).toContain('Chimney sweeping');

    const res = await get(`/v1/services/deleteservice/${category.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: notice.userDeleted });

    const [row] = await ctx.db.select().from(categories).where(eq(categories.id, category.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect((await customerCategories()).map((c) => c.title)).not.toContain('Chimney sweeping');
    expect((await get(`/v1/services/serviceUserList/${category.id}`, null)).statusCode).toBe(404);
    const adminList = (await get('/v1/admin/services?limit=100')).json().data as { title: string }[];
    expect(adminList.map((c) => c.title)).not.toContain('Chimney sweeping');

    const history = (await get(`/v1/services/previousBookingList/${customer.id}`, customerToken)).json().data;
    expect(history).toHaveLength(1);
    expect(history[0].service).toEqual({ _id: category.id, title: 'Chimney sweeping' });

    // The admin can still open it, marked archived.
    const detail = await get(`/v1/admin/services/${category.id}`);
    expect(detail.json().data).toMatchObject({
      title: 'Chimney sweeping',
      providers: 1,
      archivedAt: row!.archivedAt!.toISOString(),
    });
  });

  it('answers 404 for an unknown or already deleted service and 400 for an id that is not one', async () => {
    const category = await createCategory(ctx.db, { title: 'Twice' });
    expect((await get(`/v1/services/deleteservice/${category.id}`)).statusCode).toBe(200);
    for (const id of [category.id, unknownId]) {
      const res = await get(`/v1/services/deleteservice/${id}`);
      expectFailure(res, 404, { code: 'not_found', message: t.serviceNotFound });
    }
    expect((await get('/v1/services/deleteservice/38')).statusCode).toBe(400);
  });
});

describe('GET /v1/admin/services/:id', () => {
  it('answers the service with how many providers offer it; 404 when unknown', async () => {
    const category = await createCategory(ctx.db, { title: 'Pest control', image: '/uploads/services/pest.webp' });
    await createProvider(ctx.db, { categoryIds: [category.id] });
    await createProvider(ctx.db, { categoryIds: [category.id] });
    const res = await get(`/v1/admin/services/${category.id}`);
    expect(res.json()).toEqual({
      status: 1,
      data: {
        _id: category.id,
        title: 'Pest control',
        image: '/uploads/services/pest.webp',
        providers: 2,
        createdAt: category.createdAt.toISOString(),
        archivedAt: null,
      },
    });
    expectFailure(await get(`/v1/admin/services/${unknownId}`), 404, { code: 'not_found', message: t.serviceNotFound });
  });
});

describe('banners', () => {
  it('POST /v1/services/banner adds the banner with its image', async () => {
    const res = await send(
      '/v1/services/banner',
      { title: 'Summer cleaning week' },
      { image: { bytes: await png(120, 40) } },
    );
    expectSuccess(res, {
      message: notice.submitted,
      data: {
        _id: expect.any(String),
        title: 'Summer cleaning week',
        image: expect.any(String),
        createdAt: expect.any(String),
      },
    });
    const body = res.json();
    await expectStoredWebp(body.data.image, 'banners');
    expect((await ctx.db.select().from(banners).where(eq(banners.id, body.data._id)))[0]).toMatchObject({
      title: 'Summer cleaning week',
      image: body.data.image,
    });
  });

  it('POST /v1/services/banner refuses a missing title or image with 400', async () => {
    const noTitle = await send('/v1/services/banner', {}, { image: { bytes: await png() } });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ message: t.titleRequired, errors: { title: t.titleRequired } });
    const noImage = await send('/v1/services/banner', { title: 'No picture' });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toMatchObject({ message: imageText.missing });
  });

  it('GET /v1/services/deletebanner/:id deletes it; unknown is 404', async () => {
    const banner = await createBanner(ctx.db, { title: 'Old news' });
    const res = await get(`/v1/services/deletebanner/${banner.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: notice.deleted });
    expect(await ctx.db.select().from(banners).where(eq(banners.id, banner.id))).toEqual([]);
    const again = await get(`/v1/services/deletebanner/${banner.id}`);
    expectFailure(again, 404, { code: 'not_found', message: t.bannerNotFound });
  });
});

describe('offers', () => {
  it('POST /v1/services/offer adds an offer with both images and the amount in cents; customers see it at once', async () => {
    expect((await customerOffers()).map((o) => o.title)).not.toContain('Deep clean deal'); // now cached
    const res = await send(
      '/v1/services/offer',
      { name: 'Spring', title: 'Deep clean deal', amount: '49.99', offer: '20% off a deep clean' },
      { image: { bytes: await png() }, aboutimage: { bytes: await jpeg(), filename: 'about.jpg', type: 'image/jpeg' } },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 1,
      message: notice.submitted,
      data: { name: 'Spring', title: 'Deep clean deal', amount: 4999, offer: '20% off a deep clean', active: true },
    });
    await expectStoredWebp(body.data.image, 'offers');
    await expectStoredWebp(body.data.aboutimage, 'offers');
    expect(body.data.aboutimage).not.toBe(body.data.image);
    const [row] = await ctx.db.select().from(offers).where(eq(offers.id, body.data._id));
    expect(row).toMatchObject({
      amountCents: 4999,
      image: body.data.image,
      aboutImage: body.data.aboutimage,
      providerId: null,
      active: true,
    });
    expect(await customerOffers()).toContainEqual(
      expect.objectContaining({ _id: body.data._id, title: 'Deep clean deal', amount: 4999 }),
    );
  });

  it('takes an offer without an about image', async () => {
    const res = await send(
      '/v1/services/offer',
      { name: 'Plain', title: 'Plain offer', amount: '0.1', offer: 'Ten cents' },
      { image: { bytes: await png() } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 10, aboutimage: null });
  });

  it.each([
    ['no name', { title: 'T', amount: '5', offer: 'O' }, 'name', t.nameRequired],
    ['no title', { name: 'N', amount: '5', offer: 'O' }, 'title', t.titleRequired],
    ['no amount', { name: 'N', title: 'T', offer: 'O' }, 'amount', walletText.amountRequired],
    [
      'an amount that is not a number',
      { name: 'N', title: 'T', amount: 'ten', offer: 'O' },
      'amount',
      walletText.amountNotNumber,
    ],
    [
      'an amount with 3 decimals',
      { name: 'N', title: 'T', amount: '1.005', offer: 'O' },
      'amount',
      walletText.amountDecimals,
    ],
    ['an amount of 0', { name: 'N', title: 'T', amount: '0', offer: 'O' }, 'amount', walletText.amountPositive],
    ['no offer text', { name: 'N', title: 'T', amount: '5' }, 'offer', t.offerRequired],
  ])('refuses %s with 400 and the message', async (_case, fields, field, message) => {
    const before = (await ctx.db.select({ id: offers.id }).from(offers)).length;
    const res = await send('/v1/services/offer', fields, { image: { bytes: await png() } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message, errors: { [field]: message } });
    expect(await ctx.db.select({ id: offers.id }).from(offers)).toHaveLength(before);
  });

  it('refuses an about image that is not an image with 422', async () => {
    const res = await send(
      '/v1/services/offer',
      { name: 'N', title: 'T', amount: '5', offer: 'O' },
      { image: { bytes: await png() }, aboutimage: { bytes: Buffer.from('GIF89a not really'), filename: 'about.png' } },
    );
    expect(res.statusCode).toBe(422);
  });

  it('refuses a third file with 413', async () => {
    const res = await send(
      '/v1/services/offer',
      { name: 'N', title: 'T', amount: '5', offer: 'O' },
      { image: { bytes: await png() }, aboutimage: { bytes: await png() }, extra: { bytes: await png() } },
    );
    expect(res.statusCode).toBe(413);
  });

  it('GET /v1/services/deleteoffer/:id deletes it: customers no longer see it; unknown is 404', async () => {
    const offer = await createOffer(ctx.db, { title: 'Gone tomorrow' });
    expireCache();
    expect((await customerOffers()).map((o) => o.title)).toContain('Gone tomorrow');
    const res = await get(`/v1/services/deleteoffer/${offer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: notice.deleted });
    expect(await ctx.db.select().from(offers).where(eq(offers.id, offer.id))).toEqual([]);
    expect((await customerOffers()).map((o) => o.title)).not.toContain('Gone tomorrow');
    const again = await get(`/v1/services/deleteoffer/${offer.id}`);
    expectFailure(again, 404, { code: 'not_found', message: t.offerNotFound });
  });
});

describe('OpenAPI', () => {
  it('describes the forms as multipart with their files', async () => {
    const doc = (await get('/docs/json', null)).json();
    for (const [route, files] of [
      ['/v1/services/service', ['image']],
      ['/v1/services/updateservice', ['image']],
      ['/v1/services/banner', ['image']],
      ['/v1/services/offer', ['image', 'aboutimage']],
    ] as const) {
      const content = doc.paths[route].post.requestBody.content;
      expect(Object.keys(content), route).toEqual(['multipart/form-data']);
      for (const file of files)
        expect(content['multipart/form-data'].schema.properties[file], route).toMatchObject({
          type: 'string',
          format: 'binary',
        });
    }
    for (const route of [
      '/v1/services/deleteservice/{id}',
      '/v1/services/deletebanner/{id}',
      '/v1/services/deleteoffer/{id}',
      '/v1/admin/services/{id}',
    ]) {
      expect(doc.paths[route]?.get, route).toBeDefined();
    }
  });
});

describe('stored images follow the rows that show them', () => {
  const serve = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;
  const addBanner = async (bytes: Buffer) =>
    (await send('/v1/services/banner', { title: 'Stored' }, { image: { bytes } })).json().data as {
      _id: string;
      image: string;
    };

  it("replacing a service's image removes the old one from storage", async () => {
    const added = (
      await send('/v1/services/service', { title: 'Glazing' }, { image: { bytes: await png(41, 31) } })
    ).json().data as { _id: string; image: string };
    const count = await storedCount();
    const res = await send(
      '/v1/services/updateservice',
      { _id: added._id, title: 'Glazing' },
      { image: { bytes: await png(42, 32) } },
    );
    expect(res.statusCode).toBe(200);
    const image = res.json().data.image as string;
    expect(image).not.toBe(added.image);
    expect(await serve(image)).toBe(200);
    expect(await serve(added.image)).toBe(404);
    // One in, one out.
    expect(await storedCount()).toBe(count);

    // The same picture again: nothing to replace, nothing removed.
    const same = await send(
      '/v1/services/updateservice',
      { _id: added._id, title: 'Glazing' },
      { image: { bytes: await png(42, 32) } },
    );
    expect(same.json().data.image).toBe(image);
    expect(await serve(image)).toBe(200);
  });

  it('deleting a banner removes its image, unless another banner shows the same picture', async () => {
    const first = await addBanner(await png(43, 33));
    const second = await addBanner(await png(43, 33));
    expect(second.image).toBe(first.image);
    const count = await storedCount();

    expect((await get(`/v1/services/deletebanner/${first._id}`)).statusCode).toBe(200);
    expect(await storedCount()).toBe(count);
    expect(await serve(second.image)).toBe(200);

    expect((await get(`/v1/services/deletebanner/${second._id}`)).statusCode).toBe(200);
    expect(await storedCount()).toBe(count - 1);
    expect(await serve(second.image)).toBe(404);
  });

  it('deleting an offer removes both its images', async () => {
    const res = await send(
      '/v1/services/offer',
      { name: 'Stored', title: 'Stored offer', amount: '5', offer: 'Both pictures' },
      { image: { bytes: await png(44, 34) }, aboutimage: { bytes: await png(45, 35) } },
    );
    const offer = res.json().data as { _id: string; image: string; aboutimage: string };
    const count = await storedCount();
    expect((await get(`/v1/services/deleteoffer/${offer._id}`)).statusCode).toBe(200);
    expect(await storedCount()).toBe(count - 2);
    expect(await serve(offer.image)).toBe(404);
    expect(await serve(offer.aboutimage)).toBe(404);
  });
});
