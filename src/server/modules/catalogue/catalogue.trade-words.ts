// Trade words: what customers type for a service that its providers may never write ('plumber',
// 'maid', 'house cleaning'). The administrators keep each service's list on /servicesDetail;
// search reads it (`servicesNamedBy`), so a search for a trade word also finds every provider of
// its service: on the instance that added the word from the next request, on others once their
// copy of the catalogue expires (CATALOGUE_CACHE_MS).
import { and, asc, eq, isNull } from 'drizzle-orm';
import { tradeWordLimits, type TradeWord } from '../../../contract/catalogue.js';
import { adminCatalogueText as t } from '../../../contract/messages.js';
import { one, type Db, type Queryable } from '../../db/client.js';
import { categories, searchTerms, tradeWords } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';

const columns = { phrase: tradeWords.phrase, createdAt: tradeWords.createdAt };
const asTradeWord = (row: { phrase: string; createdAt: Date }): TradeWord => ({
  phrase: row.phrase,
  createdAt: row.createdAt.toISOString(),
});

/** A service's trade words, A to Z; an unknown service is 404 (an archived one still has its list). */
export async function tradeWordsOf(db: Queryable, categoryId: string): Promise<TradeWord[]> {
  const [service] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!service) throw notFound(t.serviceNotFound);
  const rows = await db
    .select(columns)
    .from(tradeWords)
    .where(eq(tradeWords.categoryId, categoryId))
    .orderBy(asc(tradeWords.phrase));
  return rows.map(asTradeWord);
}

/**
 * Adds a trade word (already plain: `tradePhrase`) to a live service. The service's row is locked
 * while its words are counted, so parallel adds never pass the limit. Its words join the
 * vocabulary misspellings are corrected against. 404 for an unknown or archived service, 409 for
 * a word it has, or when it has the most it may.
 */
export async function addTradeWord(db: Db, categoryId: string, phrase: string): Promise<TradeWord> {
  return db.transaction(async (tx) => {
    const [service] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, categoryId), isNull(categories.archivedAt)))
      .for('update');
    if (!service) throw notFound(t.serviceNotFound);
    const words = await tx
      .select({ phrase: tradeWords.phrase })
      .from(tradeWords)
      .where(eq(tradeWords.categoryId, categoryId));
    if (words.some((word) => word.phrase === phrase)) throw conflict(t.tradeWordTaken, { phrase: t.tradeWordTaken });
    if (words.length >= tradeWordLimits.perService) throw conflict(t.tradeWordsFull, { phrase: t.tradeWordsFull });
    const rows = await tx.insert(tradeWords).values({ phrase, categoryId }).returning(columns);
    const terms = phrase.split(' ').filter((word) => word.length >= 3);
    if (terms.length)
      await tx
        .insert(searchTerms)
        .values(terms.map((term) => ({ term })))
        .onConflictDoNothing();
    return asTradeWord(one(rows));
  });
}

/** Removes a trade word from a service; 404 when the service has no such word. */
export async function removeTradeWord(db: Queryable, categoryId: string, phrase: string): Promise<void> {
  const rows = await db
    .delete(tradeWords)
    .where(and(eq(tradeWords.categoryId, categoryId), eq(tradeWords.phrase, phrase)))
    .returning({ phrase: tradeWords.phrase });
  if (rows.length === 0) throw notFound(t.tradeWordNotFound);
}

/** A run of a search's words that is a trade word, and the live services it names. */
export interface NamedServices {
  /** The run: words `from` up to, not including, `to`. */
  from: number;
  to: number;
  categoryIds: string[];
}

/** A word as a trade word may be written: itself, and without a plural's s ('plumbers' → 'plumber'). */
const formsOf = (phrase: string) =>
  /[^s]s$/.test(phrase) && phrase.length > 3 ? [phrase, phrase.slice(0, -1)] : [phrase];

/** Every live service's trade words: each phrase, with the services it names in id order. */
export type TradeWordTable = ReadonlyMap<string, readonly string[]>;

/**
 * The trade words of every live service, in one read: at most 40 a service, so the whole table is
 * small enough for search to keep a copy with the catalogue's (catalogue.cache.ts) and look each
 * search's words up in memory.
 */
export async function liveTradeWords(db: Queryable): Promise<TradeWordTable> {
  const rows = await db
    .select({ phrase: tradeWords.phrase, categoryId: tradeWords.categoryId })
    .from(tradeWords)
    .innerJoin(categories, and(eq(categories.id, tradeWords.categoryId), isNull(categories.archivedAt)))
    .orderBy(tradeWords.categoryId);
  const table = new Map<string, string[]>();
  for (const { phrase, categoryId } of rows) table.set(phrase, [...(table.get(phrase) ?? []), categoryId]);
  return table;
}

/**
 * The trade words among a search's words (runs of up to three, longest first, left to right,
 * none overlapping), each with the live services it names.
 */
export function servicesNamedBy(table: TradeWordTable, words: string[]): NamedServices[] {
  const named: NamedServices[] = [];
  let next = 0;
  for (let from = 0; from < words.length; from++)
    for (let to = Math.min(words.length, from + tradeWordLimits.maxWords); to > from; to--) {
      if (from < next) break;
      const forms = formsOf(words.slice(from, to).join(' '));
      const categoryIds = [...new Set(forms.flatMap((form) => table.get(form) ?? []))].sort();
      if (categoryIds.length === 0) continue;
      named.push({ from, to, categoryIds });
      next = to;
    }
  return named;
}
