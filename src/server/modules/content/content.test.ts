import { describe, expect, it } from 'vitest';
import { injectAs, withApp } from '../../test/harness.js';
import { createFaq, setContent } from '../../test/factories.js';

const ctx = withApp();
const { get } = injectAs(() => ctx);

describe('GET /v1/services/faq', () => {
  it('answers an empty page before any FAQ is written', async () => {
    const res = await get('/v1/services/faq');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, data: [], meta: { page: 1, limit: 20, total: 0 } });
  });

  it('lists FAQs oldest first with title and about', async () => {
    // Written out of order: the list follows created_at, not insertion.
    const second = await createFaq(ctx.db, {
      title: 'How do I pay?',
      about: 'By card.',
      createdAt: new Date('2026-01-02T00:00:00Z'),
    });
    const first = await createFaq(ctx.db, {
      title: 'How do I book?',
      about: 'Pick a provider.',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const third = await createFaq(ctx.db, {
      title: 'Can I cancel?',
      about: 'While ongoing.',
      createdAt: new Date('2026-01-03T00:00:00Z'),
    });

    const res = await get('/v1/services/faq');
    expect(res.json()).toEqual({
      status: 1,
      data: [
        { _id: first.id, title: 'How do I book?', about: 'Pick a provider.' },
        { _id: second.id, title: 'How do I pay?', about: 'By card.' },
        { _id: third.id, title: 'Can I cancel?', about: 'While ongoing.' },
      ],
      meta: { page: 1, limit: 20, total: 3 },
    });

    const page2 = await get('/v1/services/faq?page=2&limit=2');
    expect(page2.json()).toEqual({
      status: 1,
      data: [{ _id: third.id, title: 'Can I cancel?', about: 'While ongoing.' }],
      meta: { page: 2, limit: 2, total: 3 },
    });
    expect((await get('/v1/services/faq?page=9&limit=2')).json().meta).toEqual({ page: 9, limit: 2, total: 3 });
  });

  it('refuses more than 100 a page', async () => {
    const res = await get('/v1/services/faq?limit=101');
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
  });
});

describe('terms and privacy', () => {
  it('answers an empty text, not a 404, before an admin writes it', async () => {
    for (const url of ['/v1/services/termsCondition', '/v1/services/privacyPolicy']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 1, data: { about: '', updatedAt: '' } });
    }
  });

  it('answers each page its own text with the time it was last written', async () => {
    await setContent(ctx.db, 'terms', 'Terms of use: be kind.');
    await setContent(ctx.db, 'privacy', 'We keep your phone number private.');

    const terms = (await get('/v1/services/termsCondition')).json();
    expect(terms).toEqual({ status: 1, data: { about: 'Terms of use: be kind.', updatedAt: expect.any(String) } });
    expect(new Date(terms.data.updatedAt).toISOString()).toBe(terms.data.updatedAt);

    const privacy = (await get('/v1//services/privacyPolicy')).json();
    expect(privacy.data.about).toBe('We keep your phone number private.');

    await setContent(ctx.db, 'terms', 'Terms of use, second edition.');
    const updated = (await get('/v1/services/termsCondition')).json();
    expect(updated.data.about).toBe('Terms of use, second edition.');
    expect(Date.parse(updated.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(terms.data.updatedAt));
  });
});

describe('OpenAPI', () => {
  it('describes the content routes', async () => {
    const doc = (await get('/docs/json')).json();
    for (const path of ['/v1/services/faq', '/v1/services/termsCondition', '/v1/services/privacyPolicy']) {
      expect(doc.paths[path]?.get?.tags, path).toEqual(['content']);
      expect(doc.paths[path].get.responses['200'], path).toBeDefined();
    }
  });
});
