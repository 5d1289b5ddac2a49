// Trade words: the administrators keep what customers type for a service ('plumber', 'house
// cleaning'), and a search for one finds every provider of the service, from the next request on:
// the catalogue's copies are kept for ten minutes here, so each change must forget search's copy.
import { beforeAll, describe, expect, it } from 'vitest';
import { tradeWordLimits } from '../../../contract/catalogue.js';
import { adminCatalogueText as t } from '../../../contract/messages.js';
import { createAdmin, createCategory, createMember, createProvider, signIn } from '../../test/factories.js';
import { injectAs, withApp } from '../../test/harness.js';

const ctx = withApp({ CATALOGUE_CACHE_MS: '600000' });
let adminToken: string;
let memberToken: string;
const { get, post, send } = injectAs(
  () => ctx,
  () => adminToken,
);
const unknownId = '00000000-0000-4000-8000-000000000000';
const cat = {} as Record<'plumbing' | 'cleaning' | 'painting', { id: string }>;

const wordsPath = (id: string) => `/v1/admin/services/${id}/trade-words`;
const addWord = (id: string, phrase: unknown, token?: string) => post(wordsPath(id), { phrase }, token);
const removeWord = (id: string, phrase: string) =>
  send('DELETE', `${wordsPath(id)}?phrase=${encodeURIComponent(phrase)}`, undefined, adminToken);
const wordsOf = async (id: string) => {
  const res = await get(wordsPath(id));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { phrase: string }[] }).data.map((word) => word.phrase);
};
const found = async (query: string) => {
  const res = await get(`/v1/services/search?${query}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { user_id: { name: string } }[] }).data.map((item) => item.user_id.name).sort();
};

beforeAll(async () => {
  adminToken = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
  memberToken = await signIn(ctx.db, (await createMember(ctx.db)).id);
  cat.plumbing = await createCategory(ctx.db, { title: 'Plumbing' });
  cat.cleaning = await createCategory(ctx.db, { title: 'Cleaning' });
  cat.painting = await createCategory(ctx.db, { title: 'Painting' });
  const dallas = { city: 'dallas' as const };
  // One says "plumber" in its about text; the other never writes the word.
  await createProvider(ctx.db, {
    ...dallas,
    name: 'Ada Pipes',
    about: 'Licensed plumber since 2009.',
    categoryIds: [cat.plumbing.id],
  });
  await createProvider(ctx.db, { ...dallas, name: 'Bo Fixwell', categoryIds: [cat.plumbing.id] });
  await createProvider(ctx.db, { ...dallas, name: 'Cy Shine', categoryIds: [cat.cleaning.id] });
  await createProvider(ctx.db, { name: 'Di Austin', categoryIds: [cat.plumbing.id] });
});

describe('a search for a trade word', () => {
  it('finds only the providers who write it, until the word is added', async () => {
    expect(await found('text=plumber&city=dallas')).toEqual(['Ada Pipes']);
  });

  it('finds every provider of its service once added, plurals and case aside', async () => {
    const res = await addWord(cat.plumbing.id, '  Plumber ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: t.tradeWordAdded('plumber'), data: { phrase: 'plumber' } });
    expect(await found('text=plumber&city=dallas')).toEqual(['Ada Pipes', 'Bo Fixwell']);
    expect(await found('text=PLUMBERS&city=dallas')).toEqual(['Ada Pipes', 'Bo Fixwell']);
    // The other filters still apply: the Austin plumber is not in Dallas.
    expect(await found('text=plumber')).toEqual(['Ada Pipes', 'Bo Fixwell', 'Di Austin']);
  });

  it('lists first the providers whose own words match, then the rest of the service', async () => {
    const res = await get('/v1/services/search?text=plumber&city=dallas', null);
    const names = (res.json() as { data: { user_id: { name: string } }[] }).data.map((item) => item.user_id.name);
    expect(names).toEqual(['Ada Pipes', 'Bo Fixwell']);
  });

  it('matches a phrase of several words, and the other words still have to match', async () => {
    expect(await found('text=house%20cleaning&city=dallas')).toEqual([]);
    expect((await addWord(cat.cleaning.id, 'House  cleaning')).statusCode).toBe(200);
    expect(await found('text=house%20cleaning&city=dallas')).toEqual(['Cy Shine']);
    expect(await found('text=house%20cleaning%20fixwell&city=dallas')).toEqual([]);
  });

  it('corrects a misspelt trade word', async () => {
    expect(await found('text=plumbr&city=dallas')).toEqual(['Ada Pipes', 'Bo Fixwell']);
  });

  it('stops finding the service once the word is removed, or the service archived', async () => {
    expect((await addWord(cat.painting.id, 'maid')).statusCode).toBe(200);
    const removed = await removeWord(cat.cleaning.id, 'house cleaning');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ message: t.tradeWordRemoved('house cleaning') });
    expect(await found('text=house%20cleaning&city=dallas')).toEqual([]);
    expect((await addWord(cat.cleaning.id, 'maid')).statusCode).toBe(200);
    expect(await found('text=maid&city=dallas')).toEqual(['Cy Shine']);
    expect((await get(`/v1/services/deleteservice/${cat.painting.id}`)).statusCode).toBe(200);
    expect(await found('text=maid&city=dallas')).toEqual(['Cy Shine']);
  });

  it('is suggested while typed, as its service', async () => {
    const res = await get('/v1/services/suggest?text=plumbe', null);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ kind: 'category', _id: cat.plumbing.id, label: 'Plumbing', slug: null });
    // Misspelt, it is corrected to the trade word, whose service is suggested.
    const misspelt = await get('/v1/services/suggest?text=plumer', null);
    expect(misspelt.json().data).toContainEqual({
      kind: 'category',
      _id: cat.plumbing.id,
      label: 'Plumbing',
      slug: null,
    });
  });
});

describe("the administrators' list", () => {
  it('lists a service’s words A to Z', async () => {
    await addWord(cat.plumbing.id, 'drain');
    expect(await wordsOf(cat.plumbing.id)).toEqual(['drain', 'plumber']);
  });

  it('refuses an empty, long, wordy or repeated word with a message, and changes nothing', async () => {
    const cases: [unknown, number, string][] = [
      ['', 400, t.tradeWordRequired],
      ['  !? ', 400, t.tradeWordRequired],
      [undefined, 400, t.tradeWordRequired],
      ['x'.repeat(tradeWordLimits.maxLength + 1), 400, t.tradeWordTooLong],
      ['leak under the sink', 400, t.tradeWordTooManyWords],
      ['Plumber', 409, t.tradeWordTaken],
    ];
    for (const [phrase, status, message] of cases) {
      const res = await addWord(cat.plumbing.id, phrase);
      expect(res.statusCode, String(phrase)).toBe(status);
      expect(res.json().errors?.phrase ?? res.json().message, String(phrase)).toBe(message);
    }
    expect(await wordsOf(cat.plumbing.id)).toEqual(['drain', 'plumber']);
  });

  it('answers 404 for an unknown or archived service, and for a word it does not have', async () => {
    expect((await addWord(unknownId, 'fixer')).statusCode).toBe(404);
    expect((await get(wordsPath(unknownId))).statusCode).toBe(404);
    expect((await addWord(cat.painting.id, 'fixer')).json().message).toBe(t.serviceNotFound);
    const res = await removeWord(cat.plumbing.id, 'fixer');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(t.tradeWordNotFound);
  });

  it('keeps at most the limit per service, under parallel adds', async () => {
    const service = await createCategory(ctx.db, { title: 'Roofing' });
    const answers = await Promise.all(
      Array.from({ length: tradeWordLimits.perService + 10 }, (_, i) => addWord(service.id, `roofer ${i}`)),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(tradeWordLimits.perService);
    expect(answers.filter((res) => res.statusCode === 409).map((res) => res.json().message)).toEqual(
      Array(10).fill(t.tradeWordsFull),
    );
    expect(await wordsOf(service.id)).toHaveLength(tradeWordLimits.perService);
  });

  it('is for administrators only', async () => {
    expect((await addWord(cat.plumbing.id, 'pipes', memberToken)).statusCode).toBe(403);
    expect((await get(wordsPath(cat.plumbing.id), null)).statusCode).toBe(401);
  });
});
