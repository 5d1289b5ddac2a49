// The admin's content edits: FAQ add, update and delete (POST /services/addfaq, /updatefaq,
// GET /services/deletefaq/:id) and the terms and privacy texts (POST /admin/content/:key), each
// read back through the public calls the public pages use.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminContentText as c, notice } from '../../../contract/messages.js';
import { contentPages, faqs } from '../../db/schema.js';
import { createAdmin, createFaq, createMember, setContent, signIn } from '../../test/factories.js';
import { bearer, expectAdminOnly, expectFailure, expectSuccess, withApp } from '../../test/harness.js';

const ctx = withApp();
let adminToken: string;
let memberToken: string;
const unknownId = '00000000-0000-4000-8000-000000000000';

const call = (method: 'GET' | 'POST', url: string, payload?: object, token: string | null = adminToken) =>
  ctx.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
const publicFaqs = async () =>
  (await call('GET', '/v1/services/faq?limit=100', undefined, null)).json().data as {
    _id: string;
    title: string;
    about: string;
  }[];
const faqCount = async () => (await ctx.db.select({ n: count() }).from(faqs))[0]!.n;

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
  const member = await createMember(ctx.db);
  memberToken = await signIn(ctx.db, member.id);
});

describe('admin content calls: who may call', () => {
  const routes: [method: 'GET' | 'POST', url: string, payload?: object][] = [
    ['POST', '/v1/services/addfaq', { title: 'T', about: 'A' }],
    ['POST', '/v1/services/updatefaq', { title: 'T', about: 'A', _id: unknownId }],
    ['GET', `/v1/services/deletefaq/${unknownId}`],
    ['POST', '/v1/admin/content/terms', { about: 'Terms' }],
    ['POST', '/v1/admin/content/privacy', { about: 'Privacy' }],
  ];
  it.each(routes)('%s %s: 401 without a session, 403 for a member, nothing written', async (method, url, payload) => {
    await expectAdminOnly((token) => call(method, url, payload, token), memberToken);
    expect(await faqCount()).toBe(0);
    expect(await ctx.db.select().from(contentPages)).toEqual([]);
  });

  it('the routes are described in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    for (const [method, url] of routes) {
      const path = url.replace(unknownId, '{id}').replace(/(terms|privacy)$/, '{key}');
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation?.summary, path).toBeTruthy();
      expect(operation?.tags, path).toEqual(['content']);
    }
  });
});

describe('FAQ management', () => {
  it('adds an FAQ that the public list shows at once', async () => {
    const res = await call('POST', '/v1/services/addfaq', {
      title: '  How do I pay?  ',
      about: ' By card, after the job. ',
    });
    expectSuccess(res, {
      message: notice.submitted,
      data: { _id: expect.any(String), title: 'How do I pay?', about: 'By card, after the job.' },
    });
    const body = res.json();
    expect(await publicFaqs()).toEqual([body.data]);
  });

  it('updates an FAQ in place', async () => {
    const faq = await createFaq(ctx.db, { title: 'Old title', about: 'Old answer' });
    const res = await call('POST', '/v1/services/updatefaq', { title: 'New title', about: 'New answer', _id: faq.id });
    expectSuccess(res, {
      message: notice.submitted,
      data: { _id: faq.id, title: 'New title', about: 'New answer' },
    });
    const [row] = await ctx.db
      .select({ title: faqs.title, about: faqs.about, createdAt: faqs.createdAt })
      .from(faqs)
      .where(eq(faqs.id, faq.id));
    // Its place in the list (created_at) stays.
    expect(row).toEqual({ title: 'New title', about: 'New answer', createdAt: faq.createdAt });
    expect((await publicFaqs()).find((item) => item._id === faq.id)?.title).toBe('New title');
  });

  it('deletes an FAQ, which leaves the public list', async () => {
    const faq = await createFaq(ctx.db, { title: 'Short-lived' });
    const res = await call('GET', `/v1/services/deletefaq/${faq.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: notice.userDeleted });
    expect((await publicFaqs()).map((item) => item._id)).not.toContain(faq.id);
    const again = await call('GET', `/v1/services/deletefaq/${faq.id}`);
    expectFailure(again, 404, { code: 'not_found', message: c.faqNotFound });
  });

  it('requires title and about on add and update, and a known id', async () => {
    const before = await faqCount();
    const faq = await createFaq(ctx.db, { title: 'Keep me', about: 'Unchanged' });
    const cases: [string, object, string][] = [
      ['/v1/services/addfaq', { title: '', about: '' }, c.titleRequired],
      ['/v1/services/addfaq', { about: 'A' }, c.titleRequired],
      ['/v1/services/addfaq', { title: 'T', about: '   ' }, c.aboutRequired],
      ['/v1/services/addfaq', { title: 'x'.repeat(201), about: 'A' }, c.titleTooLong],
      ['/v1/services/addfaq', { title: 'T', about: 'x'.repeat(5001) }, c.aboutTooLong],
      ['/v1/services/updatefaq', { title: ' ', about: 'A', _id: faq.id }, c.titleRequired],
      ['/v1/services/updatefaq', { title: 'T', about: '', _id: faq.id }, c.aboutRequired],
      ['/v1/services/updatefaq', { title: 'T', about: 'A', _id: 'nope' }, c.faqIdInvalid],
      ['/v1/services/updatefaq', { title: 'T', about: 'A' }, c.faqIdInvalid],
    ];
    for (const [url, payload, message] of cases) {
      const res = await call('POST', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect((await call('POST', '/v1/services/addfaq', { title: '', about: '' })).json().errors).toEqual({
      title: c.titleRequired,
      about: c.aboutRequired,
    });
    expect((await call('GET', '/v1/services/deletefaq/nope')).json()).toMatchObject({
      status: 0,
      message: c.faqIdInvalid,
    });

    const missing = await call('POST', '/v1/services/updatefaq', { title: 'T', about: 'A', _id: unknownId });
    expectFailure(missing, 404, { code: 'not_found', message: c.faqNotFound });
    expect(await faqCount()).toBe(before + 1);
    const [row] = await ctx.db.select({ title: faqs.title, about: faqs.about }).from(faqs).where(eq(faqs.id, faq.id));
    expect(row).toEqual({ title: 'Keep me', about: 'Unchanged' });
  });
});

describe('POST /v1/admin/content/:key', () => {
  it('writes the terms, which the public call answers at once, and rewrites them later', async () => {
    const res = await call('POST', '/v1/admin/content/terms', { about: '  Be kind to your provider.  ' });
    expectSuccess(res, {
      message: notice.submitted,
      data: { about: 'Be kind to your provider.', updatedAt: expect.any(String) },
    });
    const body = res.json();
    expect((await call('GET', '/v1/services/termsCondition', undefined, null)).json()).toEqual({
      status: 1,
      data: body.data,
    });

    const second = (await call('POST', '/v1/admin/content/terms', { about: 'Second edition.' })).json();
    expect(Date.parse(second.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(body.data.updatedAt));
    expect((await call('GET', '/v1/services/termsCondition', undefined, null)).json().data.about).toBe(
      'Second edition.',
    );
    // The privacy page is another text.
    expect((await call('GET', '/v1/services/privacyPolicy', undefined, null)).json().data.about).toBe('');
  });

  it('writes the privacy policy over the seeded one', async () => {
    await setContent(ctx.db, 'privacy', 'Seeded privacy.');
    expect((await call('POST', '/v1/admin/content/privacy', { about: 'We never sell your data.' })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/v1/services/privacyPolicy', undefined, null)).json().data.about).toBe(
      'We never sell your data.',
    );
    expect(await ctx.db.select({ key: contentPages.key }).from(contentPages)).toHaveLength(2);
  });

  it('refuses an empty or too long text and an unknown page, changing nothing', async () => {
    await setContent(ctx.db, 'terms', 'Stays.');
    for (const payload of [{}, { about: '' }, { about: '   ' }, { about: 5 }]) {
      const res = await call('POST', '/v1/admin/content/terms', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(c.textRequired);
    }
    const long = await call('POST', '/v1/admin/content/terms', { about: 'x'.repeat(100_001) });
    expect(long.json()).toMatchObject({ status: 0, message: c.textTooLong });
    const unknown = await call('POST', '/v1/admin/content/about', { about: 'Hi' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(c.pageKeyInvalid);
    expect((await call('GET', '/v1/services/termsCondition', undefined, null)).json().data.about).toBe('Stays.');
  });
});
