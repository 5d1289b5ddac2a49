// The admin's catalogue lists: services (not archived, with their provider counts), banners,
// offers (active or not) and the providers of one service, each searched, sorted, paged and
// exported as .xlsx by the listing machinery.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCatalogueText as t, adminListText } from '../../../contract/messages.js';
import { banners, categories, offers } from '../../db/schema.js';
import {
  createAdmin,
  createBanner,
  createBooking,
  createCategory,
  createMember,
  createOffer,
  createProvider,
  createRating,
  signIn,
} from '../../test/factories.js';
import { bearer, expectAdminOnly, withApp } from '../../test/harness.js';
import { exportedSheet, readSheet } from '../../test/xlsx.js';

const ctx = withApp();
let adminToken: string;
let memberToken: string;
const ids: Record<string, string> = {};

const list = (path: string, query = '', token: string | null = adminToken) =>
  ctx.app.inject({ method: 'GET', url: `/v1/admin/${path}${query}`, headers: token ? bearer(token) : {} });
const titles = (body: { data: { title: string }[] }) => body.data.map((row) => row.title);
const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name);

beforeAll(async () => {
  adminToken = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
  memberToken = await signIn(ctx.db, (await createMember(ctx.db)).id);

  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  for (const [n, title] of ['Plumbing', 'Beauty', 'Carpentry', 'Painting'].entries()) {
    const row = await createCategory(ctx.db, { title, image: `/uploads/services/${title.toLowerCase()}.webp` });
    await ctx.db
      .update(categories)
      .set({ createdAt: day(n + 1) })
      .where(eq(categories.id, row.id));
    ids[title] = row.id;
  }
  // Would sort first by title if archived services leaked into the list.
  ids.Appliances = (await createCategory(ctx.db, { title: 'Appliances', archived: true })).id;

  // Plumbing: three providers; Beauty: one; Carpentry and Painting: none.
  ids.paula = (
    await createProvider(ctx.db, {
      name: 'Paula Pipes',
      email: 'paula@example.test',
      categoryIds: [ids.Plumbing!, ids.Beauty!],
    })
  ).id;
  ids.omar = (
    await createProvider(ctx.db, {
      name: 'Omar Wrench',
      email: 'omar@example.test',
      status: '0',
      categoryIds: [ids.Plumbing!],
    })
  ).id;
  ids.zoe = (
    await createProvider(ctx.db, {
      name: 'Zoe Flow',
      email: 'zoe@example.test',
      isBlocked: true,
      categoryIds: [ids.Plumbing!],
    })
  ).id;
  ids.archivedOnly = (await createProvider(ctx.db, { name: 'Archie', categoryIds: [ids.Appliances!] })).id;
  const customer = await createMember(ctx.db);
  for (const [date, count] of [
    ['2026-01-02', 5],
    ['2026-01-03', 4],
  ] as const) {
    const booking = await createBooking(ctx.db, {
      customerId: customer.id,
      providerId: ids.omar!,
      status: 'completed',
      date,
    });
    await createRating(ctx.db, { bookingId: booking.id, rateBy: customer.id, rateTo: ids.omar!, count });
  }

  for (const [n, title] of ['Spring sale', 'Rate every job', 'Summer deals'].entries()) {
    const row = await createBanner(ctx.db, { title });
    await ctx.db
      .update(banners)
      .set({ createdAt: day(n + 1) })
      .where(eq(banners.id, row.id));
  }

  const offerSeeds = [
    { name: 'Alpha', title: 'Deep clean', amountCents: 12000, active: true },
    { name: 'Bravo', title: 'Tune-up', amountCents: 8999, active: false },
    { name: 'Charlie', title: 'Alpha repaint', amountCents: 65000, active: true },
  ];
  for (const [n, seed] of offerSeeds.entries()) {
    const row = await createOffer(ctx.db, {
      ...seed,
      offer: `${seed.name} offer`,
      image: `/uploads/offers/${n}.webp`,
      aboutImage: `/uploads/offers/about-${n}.webp`,
    });
    await ctx.db
      .update(offers)
      .set({ createdAt: day(n + 1) })
      .where(eq(offers.id, row.id));
  }
});

describe('who may call', () => {
  it('refuses an anonymous caller with 401 and a member with 403, for every page and export', async () => {
    const query = `?categoryId=${ids.Plumbing}`;
    for (const path of ['services', 'banners', 'offers', 'services/providers']) {
      for (const url of [path, `${path}/export`]) {
        await expectAdminOnly((token) => list(url, query, token), memberToken, url);
      }
    }
  });
});

describe('GET /v1/admin/services', () => {
  it('lists the services not archived, by title, each with how many providers offer it', async () => {
    const res = await list('services');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(titles(body)).toEqual(['Beauty', 'Carpentry', 'Painting', 'Plumbing']);
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 4 });
    expect(body.data[3]).toEqual({
      _id: ids.Plumbing,
      title: 'Plumbing',
      image: '/uploads/services/plumbing.webp',
      providers: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
      archivedAt: null,
    });
    expect(body.data.map((row: { providers: number }) => row.providers)).toEqual([1, 0, 0, 3]);
  });

  it('searches the title, sorts by providers or by date, and pages', async () => {
    expect(titles((await list('services', '?q=ING')).json())).toEqual(['Painting', 'Plumbing']);
    expect(titles((await list('services', '?q=appliances')).json())).toEqual([]);
    expect(titles((await list('services', '?sort=providers&order=desc&limit=2')).json())).toEqual([
      'Plumbing',
      'Beauty',
    ]);
    expect(titles((await list('services', '?sort=createdAt&order=desc')).json())).toEqual([
      'Painting',
      'Carpentry',
      'Beauty',
      'Plumbing',
    ]);
    const second = (await list('services', '?page=2&limit=3')).json();
    expect(titles(second)).toEqual(['Plumbing']);
    expect(second.meta).toEqual({ page: 2, limit: 3, total: 4 });
    expect((await list('services', '?sort=image')).statusCode).toBe(400);
  });

  it('exports the filtered list as .xlsx', async () => {
    const res = await list('services/export', '?q=a');
    const rows = await exportedSheet(res, 'services');
    expect(rows[0]).toEqual([t.title, t.image, t.providers, t.created]);
    // 'a' is in every title but Plumbing's; the archived Appliances stays out.
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual([
      ['Beauty', '/uploads/services/beauty.webp', 1],
      ['Carpentry', '/uploads/services/carpentry.webp', 0],
      ['Painting', '/uploads/services/painting.webp', 0],
    ]);
    expect(rows[1]![3]).toBeInstanceOf(Date);
  });
});

describe('GET /v1/admin/banners', () => {
  it('lists banners newest first, searched by title and sorted by title', async () => {
    const body = (await list('banners')).json();
    expect(titles(body)).toEqual(['Summer deals', 'Rate every job', 'Spring sale']);
    expect(body.data[0]).toEqual({
      _id: expect.any(String),
      title: 'Summer deals',
      image: expect.stringMatching(/^\/uploads\/images\/banner-/),
      createdAt: '2026-01-03T00:00:00.000Z',
    });
    expect(titles((await list('banners', '?q=ER%20D')).json())).toEqual(['Summer deals']);
    expect(titles((await list('banners', '?sort=title')).json())).toEqual([
      'Rate every job',
      'Spring sale',
      'Summer deals',
    ]);
  });

  it('exports them', async () => {
    const rows = await readSheet((await list('banners/export', '?q=spring')).rawPayload);
    expect(rows[0]).toEqual([t.title, t.image, t.created]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Spring sale']);
  });
});

describe('GET /v1/admin/offers', () => {
  it('lists every offer, active or not, newest first, with the amount in cents', async () => {
    const body = (await list('offers')).json();
    expect(names(body)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(body.data[1]).toEqual({
      _id: expect.any(String),
      name: 'Bravo',
      title: 'Tune-up',
      image: '/uploads/offers/1.webp',
      aboutimage: '/uploads/offers/about-1.webp',
      amount: 8999,
      offer: 'Bravo offer',
      active: false,
      createdAt: '2026-01-02T00:00:00.000Z',
    });
  });

  it('searches name and title, sorts by amount', async () => {
    // 'alpha' is Alpha's name and Charlie's title.
    expect(names((await list('offers', '?q=alpha&sort=name')).json())).toEqual(['Alpha', 'Charlie']);
    expect(names((await list('offers', '?sort=amount')).json())).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(names((await list('offers', '?sort=amount&order=desc&limit=1')).json())).toEqual(['Charlie']);
  });

  it('exports them with the amount in dollars and the state', async () => {
    const rows = await readSheet((await list('offers/export', '?sort=amount')).rawPayload);
    expect(rows[0]).toEqual([
      t.name,
      t.title,
      t.image,
      t.aboutImage,
      t.amount,
      t.offer,
      adminListText.status,
      t.created,
    ]);
    expect(rows[1]!.slice(0, 7)).toEqual([
      'Bravo',
      'Tune-up',
      '/uploads/offers/1.webp',
      '/uploads/offers/about-1.webp',
      89.99,
      'Bravo offer',
      t.inactive,
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[4], row[6]])).toEqual([
      ['Bravo', 89.99, t.inactive],
      ['Alpha', 120, adminListText.active],
      ['Charlie', 650, adminListText.active],
    ]);
  });
});

describe('GET /v1/admin/services/providers', () => {
  it('lists the providers of one service, by name, with status, block and rating', async () => {
    const body = (await list('services/providers', `?categoryId=${ids.Plumbing}`)).json();
    expect(body.meta.total).toBe(3);
    expect(body.data).toEqual([
      {
        _id: ids.omar,
        name: 'Omar Wrench',
        email: 'omar@example.test',
        phone: expect.any(String),
        status: '0',
        isBlocked: false,
        rating: 4.5,
        reviewCount: 2,
      },
      {
        _id: ids.paula,
        name: 'Paula Pipes',
        email: 'paula@example.test',
        phone: expect.any(String),
        status: '1',
        isBlocked: false,
        rating: 0,
        reviewCount: 0,
      },
      {
        _id: ids.zoe,
        name: 'Zoe Flow',
        email: 'zoe@example.test',
        phone: expect.any(String),
        status: '1',
        isBlocked: true,
        rating: 0,
        reviewCount: 0,
      },
    ]);
    expect(names((await list('services/providers', `?categoryId=${ids.Beauty}`)).json())).toEqual(['Paula Pipes']);
    expect((await list('services/providers', `?categoryId=${ids.Carpentry}`)).json()).toEqual({
      status: 1,
      data: [],
      meta: { page: 1, limit: 20, total: 0 },
    });
    // An archived service still shows who offered it.
    expect(names((await list('services/providers', `?categoryId=${ids.Appliances}`)).json())).toEqual(['Archie']);
  });

  it('searches name, email and phone, and sorts by rating', async () => {
    const query = `?categoryId=${ids.Plumbing}`;
    expect(names((await list('services/providers', `${query}&q=ZOE@`)).json())).toEqual(['Zoe Flow']);
    expect(names((await list('services/providers', `${query}&sort=rating&order=desc&limit=1`)).json())).toEqual([
      'Omar Wrench',
    ]);
    expect(names((await list('services/providers', `${query}&sort=name&order=desc`)).json())).toEqual([
      'Zoe Flow',
      'Paula Pipes',
      'Omar Wrench',
    ]);
  });

  it('narrows to Active or Deactive providers, the total and the export too, and refuses any other status', async () => {
    const query = `?categoryId=${ids.Plumbing}`;
    const active = (await list('services/providers', `${query}&status=1`)).json();
    // Zoe is blocked but Active: the filter reads the status, as the Status column does.
    expect(names(active)).toEqual(['Paula Pipes', 'Zoe Flow']);
    expect(active.meta).toEqual({ page: 1, limit: 20, total: 2 });
    const deactive = (await list('services/providers', `${query}&status=0`)).json();
    expect(names(deactive)).toEqual(['Omar Wrench']);
    expect(deactive.meta.total).toBe(1);
    // With a search: both narrow the same list.
    expect((await list('services/providers', `${query}&status=1&q=paula`)).json().meta.total).toBe(1);
    expect((await list('services/providers', `?categoryId=${ids.Beauty}&status=0`)).json().meta.total).toBe(0);

    const rows = await readSheet((await list('services/providers/export', `${query}&status=0`)).rawPayload);
    expect(rows.slice(1).map((row) => [row[0], row[3]])).toEqual([['Omar Wrench', adminListText.deactive]]);

    for (const status of ['awaiting', 'active', '2', '']) {
      for (const path of ['services/providers', 'services/providers/export']) {
        const res = await list(path, `${query}&status=${status}`);
        expect(res.statusCode, `${path} ${status}`).toBe(400);
        expect(res.json()).toMatchObject({ status: 0, message: t.providerStatusInvalid });
      }
    }
  });

  it('needs a valid categoryId', async () => {
    for (const query of ['', '?categoryId=38', '?categoryId=']) {
      const res = await list('services/providers', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, message: t.serviceNotFound });
    }
  });

  it('exports the providers of the service', async () => {
    const rows = await readSheet(
      (await list('services/providers/export', `?categoryId=${ids.Plumbing}&sort=rating&order=desc`)).rawPayload,
    );
    expect(rows[0]).toEqual([
      adminListText.userName,
      adminListText.email,
      adminListText.phone,
      adminListText.status,
      adminListText.blocked,
      t.rating,
      t.reviewsHeader,
    ]);
    const cells = rows.slice(1).map((row) => [row[0], row[3], row[4], row[5], row[6]]);
    expect(cells[0]).toEqual(['Omar Wrench', adminListText.deactive, adminListText.no, 4.5, 2]);
    // The two without ratings tie; their order is the list's tiebreak, not the name.
    expect(cells.slice(1).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['Paula Pipes', adminListText.active, adminListText.no, 0, 0],
      ['Zoe Flow', adminListText.active, adminListText.yes, 0, 0],
    ]);
  });
});
