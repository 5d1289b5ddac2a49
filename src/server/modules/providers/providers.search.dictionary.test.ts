// The read model's dictionary (search_words): a provider's words join it in the transaction that
// lists it, so search, which answers a word the dictionary lacks without reading the read model,
// finds a new word at once, even one it was asked for just before; the daily count says how many
// documents hold each word, and keeps a word no document holds any more, with 0.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { execute } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { injectAs, withApp } from '../../test/harness.js';
import { createCategory, createProvider } from '../../test/factories.js';
import { searchQuery } from '../../../contract/providers.js';
import { countSearchWords, discover } from './providers.search.js';

const ctx = withApp();
const { get } = injectAs(() => ctx);

const found = async (text: string) => {
  const res = await get(`/v1/services/search?text=${encodeURIComponent(text)}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { user_id: { name: string } }[]; meta: { total: number } };
  return { names: body.data.map((item) => item.user_id.name), total: body.meta.total };
};

const docsOf = async (word: string) => {
  const [row] = await execute<{ docs: number | null }>(ctx.db, sql`select docs from search_words where word = ${word}`);
  return row ? row.docs : 'missing';
};

describe('the dictionary of search words', () => {
  it('knows a new word as soon as the provider who writes it is listed', async () => {
    const plumbing = await createCategory(ctx.db, { title: 'Plumbing' });
    await createProvider(ctx.db, { name: 'Ivo Marsh', categoryIds: [plumbing.id] });
    expect(await found('harpsichords')).toEqual({ names: [], total: 0 });
    expect(await found('harpsi')).toEqual({ names: [], total: 0 });

    await createProvider(ctx.db, {
      name: 'Wendela Quist',
      categoryIds: [plumbing.id],
      about: 'Tunes harpsichords and clavichords.',
    });
    // Asked for, and not known, a moment ago: known now, whole, as a start, and by its stem.
    expect(await found('harpsichords')).toEqual({ names: ['Wendela Quist'], total: 1 });
    expect(await found('harpsi')).toEqual({ names: ['Wendela Quist'], total: 1 });
    expect(await found('harpsichord')).toEqual({ names: ['Wendela Quist'], total: 1 });
    expect(await found('plumbing wendel')).toEqual({ names: ['Wendela Quist'], total: 1 });
    // A word no document holds, however the other words read.
    expect(await found('plumbing zzyzx')).toEqual({ names: [], total: 0 });
  });

  it('finds a part of a name inside one of its words, and nothing for a part no name has', async () => {
    expect(await found('endel')).toEqual({ names: ['Wendela Quist'], total: 1 });
    expect(await found('uistx')).toEqual({ names: [], total: 0 });
  });

  it('spells a start of a word out as the words it begins, or leaves it a start when it begins too many', async () => {
    const cleaning = await createCategory(ctx.db, { title: 'Cleaning' });
    // 12 × 6 words that begin 'vel' ('velaqton'…'vellvton'): more than are spelled out.
    const many = [...'abcdefghijkl'].flatMap((a) => [...'qrstuv'].map((b) => `vel${a}${b}ton`));
    await createProvider(ctx.db, { name: 'Velma Stroud', categoryIds: [cleaning.id] });
    await createProvider(ctx.db, { name: 'Odile Fenn', categoryIds: [cleaning.id], about: many.join(' ') });
    // Every start is spelled out that can be (any count of documents will do here).
    const spelt = async (text: string) => {
      const page = await discover(ctx.db, searchQuery.parse({ text, category: cleaning.id }), new Date(), {
        spellFrom: 0,
      });
      return page.items.map((item) => item.user_id.name).sort();
    };
    expect(await spelt('velm')).toEqual(['Velma Stroud']);
    expect(await spelt('vel')).toEqual(['Odile Fenn', 'Velma Stroud']);
    expect(await spelt('velaq')).toEqual(['Odile Fenn']);
    expect(await spelt('cleaning str')).toEqual(['Velma Stroud']);
    // Its words are read afresh: a word written a moment ago is among them.
    await createProvider(ctx.db, { name: 'Velmont Hale', categoryIds: [cleaning.id] });
    expect(await spelt('velm')).toEqual(['Velma Stroud', 'Velmont Hale']);
  });

  it('counts the documents that hold each word, and keeps a word none holds any more with 0', async () => {
    // Not counted until the count runs: the stem of the about text, and the name as written.
    expect(await docsOf('harpsichord')).toBeNull();
    await countSearchWords(ctx.db);
    expect(await docsOf('harpsichord')).toBe(1);
    expect(await docsOf('wendela')).toBe(1);
    expect(await docsOf('plumbing')).toBe(2);

    const [wendela] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.name, 'Wendela Quist'));
    await ctx.db.update(users).set({ isBlocked: true }).where(eq(users.id, wendela!.id));
    // Unlisted: no document holds her words, and search finds none of them.
    expect(await found('harpsichords')).toEqual({ names: [], total: 0 });
    await countSearchWords(ctx.db);
    expect(await docsOf('harpsichord')).toBe(0);
    expect(await docsOf('plumbing')).toBe(1);
    expect(await docsOf('zzyzx')).toBe('missing');
  });
});
