// Finding providers (/Search, /Services_booking): text search with its fallbacks, the filters
// (category, city, a point and a distance, price, rating, free on a date), the sorts, the capped
// total, each card's distance and next free slot, and the type-ahead suggestions.
//
// Every shape is answered from an index (docs/decisions/015-discovery.md): the total is counted
// no further than the cap, and a page is read either by walking the index of its order (when
// many rows match) or by sorting the few matching rows (when at most the cap match), so no
// statement reads the whole provider table.
import { and, asc, eq, gte, inArray, isNull, lte, not, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import { bookingLimits } from '../../../contract/bookings.js';
import { servedCities } from '../../../contract/places.js';
import type { PortalCity } from '../../../contract/portal.js';
import {
  discoveryLimits,
  searchLimits,
  type DiscoveryFilters,
  type DiscoveryMeta,
  type ProviderListItem,
  type Suggestion,
} from '../../../contract/providers.js';
import { execute, type Db, type Queryable } from '../../db/client.js';
import { categories, daysOff, providerProfiles, users } from '../../db/schema.js';
import { offsetOf } from '../../platform/listing.js';
import { firstFreeSlots } from '../bookings/bookings.service.js';
import { daysAhead, weekdayOf } from '../bookings/slots.js';
// The same measure as a booking's address in the provider's service area.
import { baseSpot as spot, earthAt } from './providers.area.js';
import { bestRated, cardColumns, streetAddressesFor, toCard, type CardRow, type Viewer } from './providers.service.js';

export type Discovery = DiscoveryFilters & PageQuery;

interface Point {
  lat: number;
  lng: number;
}

/** A bare column, not `= true`, so the partial indexes (where listed) are provably usable. */
const listed = sql`${providerProfiles.listed}`;
/** The farthest a provider travels, so a point's candidates are found in one box of the index. */
const maxReachKm = 80;

// ---------------------------------------------------------------- words

/** Lower case, without accents (the search copies are kept so), NFKC. */
export const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFKC')
    .toLowerCase();

/**
 * The words of a search text: letters and digits only (nothing of tsquery's syntax gets
 * through), without accents, at most `searchLimits.maxWords`.
 */
export function searchWords(text: string): string[] {
  return plain(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, searchLimits.maxWords)
    .map((word) => word.slice(0, searchLimits.maxWordLength));
}

/**
 * Every word as a prefix of a lexeme: as typed (names and service titles are not stemmed) or as
 * English stems it (the about text is stemmed): 'cleaning' also finds 'cleans'. A stop word has no
 * stem and matches as typed only. The words are letters and digits only, so nothing of tsquery's
 * syntax gets through.
 */
function everyWord(words: string[]): SQL {
  const each = words.map(
    (word) => sql`(to_tsquery('simple', ${`${word}:*`}) || to_tsquery('english', ${`${word}:*`}))`,
  );
  return sql`${providerProfiles.searchVector} @@ (${sql.join(each, sql` && `)})`;
}

/** Any of the words as the prefix of a word of the name, or of a service title. */
const anyWord = (words: string[]) => sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' | ')})`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Edits a misspelt word may be from the start of a known word: one for short words, two else. */
const editsAllowed = (word: string) => (word.length <= 4 ? 1 : 2);

/**
 * Each word that begins no word of the vocabulary (names and service titles), replaced by the
 * known word whose start is fewest edits away ('plumer' → 'plumbing', 'carpentery' → 'carpentry'),
 * when one is close enough; null when nothing was corrected. Candidates come from the trigram
 * index; the edit distance (fuzzystrmatch) picks among them.
 */
async function corrected(db: Db, words: string[]): Promise<string[] | null> {
  let changed = false;
  const out: string[] = [];
  for (const word of words) {
    if (word.length < 3) {
      out.push(word);
      continue;
    }
    const [best] = await execute<{ term: string }>(
      db,
      sql`select term from (
            select term, least(levenshtein(${word}, left(term, ${word.length - 1})),
                               levenshtein(${word}, left(term, ${word.length})),
                               levenshtein(${word}, left(term, ${word.length + 1}))) as edits,
                   similarity(term, ${word}) as alike
            from search_terms where term % ${word}) t
          where edits <= ${editsAllowed(word)}
          order by edits, alike desc, term limit 1`,
    );
    if (best && !best.term.startsWith(word)) {
      changed = true;
      out.push(best.term);
    } else out.push(word);
  }
  return changed ? out : null;
}

// ---------------------------------------------------------------- filters

/** Where distances are measured from: the point asked for, else the chosen city's centre. */
function originOf(q: Discovery): Point | null {
  if (q.lat !== undefined && q.lng !== undefined) return { lat: q.lat, lng: q.lng };
  return q.city ? servedCities[q.city as PortalCity] : null;
}

/**
 * The filters as conditions on the profile. A point keeps the providers whose own service area
 * reaches it (and, with a distance, are that near); a city alone keeps the providers based there
 * (and, with a distance, that near its centre). A date keeps those who work that weekday and
 * are not off; whether a slot is left that day is checked on the page (`toItems`).
 */
function filterConditions(q: Discovery): SQL[] {
  const where: SQL[] = [listed];
  if (q.category) where.push(sql`${providerProfiles.categoryIds} @> array[${q.category}]::uuid[]`);
  if (q.city) where.push(eq(providerProfiles.city, q.city));
  const point = q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : null;
  const origin = originOf(q);
  if (point || (origin && q.radiusKm !== undefined)) {
    const center = point ?? (origin as Point);
    const reachKm = Math.min(q.radiusKm ?? maxReachKm, maxReachKm);
    where.push(sql`earth_box(${earthAt(center)}, ${reachKm * 1000}) @> ${spot}`);
    const limitKm = point ? sql`least(${providerProfiles.radiusKm}, ${reachKm})` : sql`${reachKm}`;
    where.push(sql`earth_distance(${spot}, ${earthAt(center)}) <= ${limitKm} * 1000::float8`);
  }
  if (q.minPrice !== undefined) where.push(gte(providerProfiles.chargesCents, Math.round(q.minPrice * 100)));
  if (q.maxPrice !== undefined) where.push(lte(providerProfiles.chargesCents, Math.round(q.maxPrice * 100)));
  if (q.minRating !== undefined) where.push(gte(providerProfiles.ratingAvg, q.minRating));
  if (q.date) {
    where.push(sql`(${providerProfiles.workDays} & ${1 << weekdayOf(q.date)}) <> 0`);
    where.push(
      sql`not exists (select 1 from ${daysOff} where ${daysOff.providerId} = ${providerProfiles.userId} and ${daysOff.day} = ${q.date})`,
    );
  }
  return where;
}

/** A date no served provider can still work on (past everywhere, or beyond booking's reach). */
function outOfReach(date: string, now: Date): boolean {
  // Chicago is the served zone furthest behind: a day over there is over everywhere.
  return (
    daysAhead(date, 'America/Chicago', now) < 0 || daysAhead(date, 'America/New_York', now) > bookingLimits.maxDaysAhead
  );
}

// ---------------------------------------------------------------- reading a page

interface Order {
  /** Walks the index of this order until the page is full: for many matching rows. */
  indexed: SQL[];
  /** The same order hidden from the planner's index choice: for few rows, found through the filters' own indexes. */
  sorted: SQL[];
}

function orderOf(q: Discovery): Order {
  const origin = originOf(q);
  // The index walk orders by distance alone (a second key would make the planner sort every
  // candidate instead); two providers at the very same point may then swap between pages.
  if (q.sort === 'distance' && origin)
    return {
      indexed: [sql`${spot} <-> ${earthAt(origin)}`],
      sorted: [sql`earth_distance(${spot}, ${earthAt(origin)})`, asc(providerProfiles.userId)],
    };
  if (q.sort === 'price')
    return {
      indexed: [asc(providerProfiles.chargesCents), ...bestRated],
      sorted: [sql`${providerProfiles.chargesCents} + 0`, ...bestRated],
    };
  return { indexed: [...bestRated], sorted: [sql`${providerProfiles.ratingAvg} + 0 desc`, ...bestRated.slice(1)] };
}

const rowColumns = {
  ...cardColumns,
  lat: providerProfiles.lat,
  lng: providerProfiles.lng,
  timeZone: providerProfiles.timeZone,
  slotMinutes: providerProfiles.slotMinutes,
  bufferMinutes: providerProfiles.bufferMinutes,
};
type Row = CardRow & {
  lat: number;
  lng: number;
  timeZone: string;
  slotMinutes: number;
  bufferMinutes: number;
};

/** Runs `read` in a transaction whose statements may not use these scans (`set local`, one round trip). */
function withPlansOff<T>(
  db: Queryable,
  scans: ('bitmapscan' | 'indexscan' | 'indexonlyscan' | 'seqscan')[],
  read: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select ${sql.join(
        scans.map((scan) => sql`set_config(${`enable_${scan}`}, 'off', true)`),
        sql`, `,
      )}`,
    );
    return read(tx);
  });
}

/**
 * A page in an order: the ids first, from the profile alone (the filters and the orders are all
 * there), then the cards of just those. `walk` (for many matching rows) reads the ids by walking
 * the order's own index, with bitmap and sequential scans switched off for that statement: the
 * planner, misjudging how many rows a word prefix matches, would otherwise collect every match
 * and sort them.
 */
async function rows(
  db: Queryable,
  where: SQL,
  order: SQL[],
  limit: number,
  offset: number,
  walk = false,
): Promise<Row[]> {
  const pick = (q: Queryable) =>
    q
      .select({ id: providerProfiles.userId })
      .from(providerProfiles)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const ids = walk ? await withPlansOff(db, ['bitmapscan', 'seqscan'], pick) : await pick(db);
  if (ids.length === 0) return [];
  const cards = (await db
    .select(rowColumns)
    .from(providerProfiles)
    .innerJoin(users, eq(users.id, providerProfiles.userId))
    .where(
      inArray(
        providerProfiles.userId,
        ids.map((row) => row.id),
      ),
    )) as Row[];
  const byId = new Map(cards.map((card) => [card._id, card]));
  return ids.flatMap((row) => byId.get(row.id) ?? []);
}

/** How many rows match, counting no further than the cap and one more. */
async function countCapped(db: Queryable, where: SQL): Promise<number> {
  const some = db
    .select({ one: sql`1` })
    .from(providerProfiles)
    .where(where)
    .limit(discoveryLimits.countCap + 1)
    .as('some');
  const [row] = await execute<{ n: number }>(db, sql`select count(*)::int as n from ${some}`);
  return Number(row?.n ?? 0);
}

/** A page in one order: the few matching rows sorted, or the many walked in their index's order. */
async function readPage(db: Db, where: SQL, order: Order, found: number, limit: number, offset: number) {
  const few = found <= discoveryLimits.countCap;
  return rows(db, where, few ? order.sorted : order.indexed, limit, offset, !few);
}

interface Found {
  total: number;
  rows: Row[];
}

/**
 * The words' matches in tiers: a word in the name first, then in a service title, then only in
 * the about text, in the chosen order within each. Each tier is read only while the ones before
 * it have not filled the page.
 */
async function inTiers(
  db: Db,
  filters: SQL,
  matches: SQL,
  words: string[],
  q: Discovery,
  total: number,
): Promise<Row[]> {
  const order = orderOf(q);
  const offset = offsetOf(q);
  const wanted = offset + q.limit;
  const inName = sql`${providerProfiles.nameVector} @@ ${anyWord(words)}`;
  if (total <= discoveryLimits.countCap) {
    // Few: one statement sorts them all by tier, then by the order.
    const tier = sql`case when ${inName} then 0 when ${providerProfiles.servicesVector} @@ ${anyWord(words)} then 1 else 2 end`;
    return rows(db, and(filters, matches) as SQL, [tier, ...order.sorted], q.limit, offset);
  }
  const inService = sql`${providerProfiles.servicesVector} @@ ${anyWord(words)}`;
  const tiers = [and(matches, inName), and(matches, not(inName), inService), and(matches, not(inName), not(inService))];
  let found: Row[] = [];
  for (const tier of tiers) {
    if (found.length >= wanted) break;
    const where = and(filters, tier) as SQL;
    const n = await countCapped(db, where);
    if (n === 0) continue;
    found = found.concat(await readPage(db, where, order, n, wanted - found.length, 0));
  }
  return found.slice(offset, wanted);
}

async function byWords(db: Db, filters: SQL, words: string[], q: Discovery): Promise<Found> {
  const matches = everyWord(words);
  const where = and(filters, matches) as SQL;
  const total = await countCapped(db, where);
  if (total === 0) return { total, rows: [] };
  if (q.sort && q.sort !== 'match')
    return { total, rows: await readPage(db, where, orderOf(q), total, q.limit, offsetOf(q)) };
  return { total, rows: await inTiers(db, filters, matches, words, q, total) };
}

/**
 * Providers whose name holds the text ('elgado', "o'c"), through the names' trigram index. The
 * planner cannot tell how rare a part of a name is, and may walk a B-tree holding the name over
 * every listed row instead: for the count and a page of the few, index scans are switched off, so
 * the trigram bitmap is the way left. Many matches are walked in their order's index as usual.
 */
async function inNames(db: Db, filters: SQL, text: string, q: Discovery): Promise<Found> {
  const needle = plain(text).trim();
  if (needle === '') return { total: 0, rows: [] };
  const where = and(filters, sql`${providerProfiles.searchName} like ${`%${escapeLike(needle)}%`}`) as SQL;
  const few = await withPlansOff(db, ['indexscan', 'indexonlyscan', 'seqscan'], async (tx) => {
    const total = await countCapped(tx, where);
    if (total === 0 || total > discoveryLimits.countCap) return { total, rows: [] };
    return { total, rows: await rows(tx, where, orderOf(q).sorted, q.limit, offsetOf(q)) };
  });
  if (few.total <= discoveryLimits.countCap) return few;
  return { total: few.total, rows: await readPage(db, where, orderOf(q), few.total, q.limit, offsetOf(q)) };
}

// ---------------------------------------------------------------- the search

export interface FoundPage {
  items: ProviderListItem[];
  meta: DiscoveryMeta;
}

/**
 * Listed providers matching the filters and the text. Every word must begin a word of the name,
 * a service title or the about text (accents and case aside); when none matches so, a part of a
 * name is looked for, then the words are corrected against the vocabulary (one or two letters
 * off). Without a text, or with another sort than 'match': in the chosen order (best rated first
 * by default). The total is exact up to the cap, then the cap with `more`. The cards show the
 * viewer a street address only where it is entitled to one (`streetAddressesFor`).
 */
export async function discover(db: Db, q: Discovery, now: Date, viewer: Viewer = null): Promise<FoundPage> {
  if (q.date && outOfReach(q.date, now)) return { items: [], meta: { page: q.page, limit: q.limit, total: 0 } };
  const filters = and(...filterConditions(q)) as SQL;
  const text = q.text.trim();
  const words = searchWords(text);
  let found: Found;
  if (text === '') {
    const total = await countCapped(db, filters);
    found = { total, rows: total ? await readPage(db, filters, orderOf(q), total, q.limit, offsetOf(q)) : [] };
  } else {
    found = words.length ? await byWords(db, filters, words, q) : { total: 0, rows: [] };
    if (found.total === 0) found = await inNames(db, filters, text, q);
    if (found.total === 0 && words.length) {
      const fixed = await corrected(db, words);
      if (fixed) found = await byWords(db, filters, fixed, q);
    }
  }
  const items = await toItems(db, found.rows, q, now, viewer);
  const more = found.total > discoveryLimits.countCap;
  return {
    items,
    meta: {
      page: q.page,
      limit: q.limit,
      total: Math.min(found.total, discoveryLimits.countCap),
      ...(more ? { more } : {}),
    },
  };
}

/** Great-circle km, one decimal, as the cards show it. */
function distanceKm(from: Point, to: Point): number {
  const rad = Math.PI / 180;
  const dLat = (to.lat - from.lat) * rad;
  const dLng = (to.lng - from.lng) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * rad) * Math.cos(to.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(6371 * 2 * Math.asin(Math.min(1, Math.sqrt(a))) * 10) / 10;
}

/**
 * The page's cards with their city, distance and next free slot (on the date asked for, if any).
 * With a date, a provider whose day turns out to be fully taken is left out of the page.
 */
async function toItems(db: Db, page: Row[], q: Discovery, now: Date, viewer: Viewer): Promise<ProviderListItem[]> {
  const origin = originOf(q);
  const [slots, streetShown] = await Promise.all([
    firstFreeSlots(
      db,
      page.map((r) => ({
        id: r._id,
        timeZone: r.timeZone,
        slotMinutes: r.slotMinutes,
        bufferMinutes: r.bufferMinutes,
      })),
      now,
      q.date,
    ),
    streetAddressesFor(
      db,
      viewer,
      page.map((r) => r._id),
    ),
  ]);
  return page
    .map(({ lat, lng, timeZone: _tz, slotMinutes: _slot, bufferMinutes: _buffer, ...card }) => ({
      _id: card._id,
      user_id: toCard(card, streetShown.has(card._id)),
      city: card.city,
      ...(origin ? { distanceKm: distanceKm(origin, { lat, lng }) } : {}),
      nextSlot: slots.get(card._id) ?? null,
    }))
    .filter((item) => !q.date || item.nextSlot !== null);
}

// ---------------------------------------------------------------- suggestions

/**
 * Up to 8 suggestions for what is being typed: the categories whose title has a word beginning
 * with it (or one or two letters off), then providers whose name has words beginning with every
 * word typed, best rated first.
 */
export async function suggest(db: Db, text: string): Promise<Suggestion[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const titleWords = sql`regexp_split_to_array(lower(unaccent(${categories.title})), '[^[:alnum:]]+')`;
  const startsAWord = (word: string) =>
    sql`exists (select 1 from unnest(${titleWords}) as w where w like ${`${escapeLike(word)}%`})`;
  const fixed = (await corrected(db, words)) ?? words;
  const categoryRows = await db
    .select({ _id: categories.id, label: categories.title })
    .from(categories)
    .where(
      and(
        isNull(categories.archivedAt),
        sql`((${and(...words.map(startsAWord))}) or (${and(...fixed.map(startsAWord))}))`,
      ),
    )
    .orderBy(asc(categories.title))
    .limit(discoveryLimits.suggestions);
  const providerRows = await db
    .select({ _id: users.id, label: users.name })
    .from(providerProfiles)
    .innerJoin(users, eq(users.id, providerProfiles.userId))
    .where(
      and(
        listed,
        sql`${providerProfiles.nameVector} @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`,
      ),
    )
    .orderBy(...bestRated)
    .limit(discoveryLimits.suggestions - categoryRows.length);
  return [
    ...categoryRows.map((c) => ({ kind: 'category' as const, ...c })),
    ...providerRows.map((p) => ({ kind: 'provider' as const, ...p })),
  ];
}
