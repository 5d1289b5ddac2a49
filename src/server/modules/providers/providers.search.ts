// Finding providers (/Search, /Services_booking): text search with its fallbacks, the filters
// (category, city, a point and a distance, price, rating, free on a date), the sorts, the capped
// total, each card's distance and next free slot, and the type-ahead suggestions.
//
// Every search reads the read model `provider_search` (docs/decisions/023-search-read-model.md),
// and does work bounded by the page, not by how many providers there are:
// - the dictionary of its words (`search_words`) says first whether any provider holds each word
//   searched, and at most how many do: a word none holds ends the search there, and a rare one
//   is collected without a sample;
// - a sample of about 500 rows tells how many providers the search matches, and how many rows
//   its index would have to read;
// - when few match, the GIN index of words and facets (city, category, area) finds exactly them,
//   and they are sorted and counted in one statement;
// - when many match, the index of the page's order is walked until the page is full, and the
//   total is "1,000+" (or counted no further than that).
// The page is the same whichever way is taken: the sample only chooses how it is read.
import { and, asc, desc, eq, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import { bookingLimits } from '../../../contract/bookings.js';
import { servedCities } from '../../../contract/places.js';
import { shiftDay } from '../../../contract/format.js';
import { plain, searchWords } from '../../../contract/words.js';
import type { PortalCity } from '../../../contract/portal.js';
import {
  discoveryLimits,
  type DiscoveryFilters,
  type DiscoveryMeta,
  type ProviderListItem,
  type Suggestion,
} from '../../../contract/providers.js';
import { execute, type Db, type Queryable } from '../../db/client.js';
import { categories, providerProfiles, providerSearch as ps, tradeWords, users } from '../../db/schema.js';
import { offsetOf } from '../../platform/listing.js';
import {
  firstFreeSlot,
  nextSlotDaysFrom,
  slotRowsOf,
  slotWindow,
  type SlotRow,
  type SlotWindow,
} from '../bookings/bookings.availability.js';
import { daysAhead, weekdayOf } from '../bookings/slots.js';
import {
  liveTradeWords,
  servicesNamedBy,
  type NamedServices,
  type TradeWordTable,
} from '../catalogue/catalogue.trade-words.js';
import { cardColumns, streetAddressesFor, toCard, type Viewer } from './providers.service.js';

export type Discovery = DiscoveryFilters & PageQuery;

interface Point {
  lat: number;
  lng: number;
}

/** The farthest a provider travels, so a point's candidates are found in one box of cells. */
const maxReachKm = 80;

// ---------------------------------------------------------------- words

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

// ---------------------------------------------------------------- what matches

/** earthdistance's earth radius (`earth()`), in metres. */
const earthRadiusM = 6378168;
/**
 * The straight line through the earth between two points `km` apart along its surface: what `<->`
 * measures between two `ll_to_earth` points. Comparing it is comparing the distance, without
 * `earth_distance`'s per-row functions (ten times slower).
 */
const chordOf = (km: SQL) => sql`${2 * earthRadiusM}::float8 * sin(${km} * 1000 / ${2 * earthRadiusM}::float8)`;
const earthAt = (p: Point) => sql`ll_to_earth(${p.lat}::float8, ${p.lng}::float8)`;

/** The grid of `provider_search_refresh`'s `~cell:` facets, in degrees. */
const cellDegrees = 0.25;
/**
 * More cells than this (an area wider than a city) are not worth a facet: the index would read
 * most of the city's rows to find the area's, so the distance alone decides. Up to it, the
 * postings of the cells cost less than checking the distance of every row the other words and
 * facets keep (a word searched in one city with a point elsewhere read 91,000 rows to keep none).
 */
const maxCells = 25;

/**
 * The facets of the cells a circle of `km` around `center` touches; null when too many, or when
 * the circle's box crosses a pole or the 180th meridian (its cells' numbers would not be those of
 * the providers over there), and the distance alone decides.
 */
function cellsNear(center: Point, km: number): string[] | null {
  const dLat = km / 111.2;
  const dLng = km / (111.2 * Math.max(0.05, Math.cos((center.lat * Math.PI) / 180)));
  if (Math.abs(center.lat) + dLat >= 90 || Math.abs(center.lng) + dLng >= 180) return null;
  const [iLow, iHigh] = [Math.floor((center.lat - dLat) / cellDegrees), Math.floor((center.lat + dLat) / cellDegrees)];
  const [jLow, jHigh] = [Math.floor((center.lng - dLng) / cellDegrees), Math.floor((center.lng + dLng) / cellDegrees)];
  if ((iHigh - iLow + 1) * (jHigh - jLow + 1) > maxCells) return null;
  const cells: string[] = [];
  for (let i = iLow; i <= iHigh; i++) for (let j = jLow; j <= jHigh; j++) cells.push(`'~cell:${i}:${j}'`);
  return cells;
}

/** Where distances are measured from: the point asked for, else the chosen city's centre. */
function originOf(q: Discovery): Point | null {
  if (q.lat !== undefined && q.lng !== undefined) return { lat: q.lat, lng: q.lng };
  return q.city ? servedCities[q.city as PortalCity] : null;
}

/**
 * What a search asks of a provider besides its text: `facets`, a tsquery of the facets the
 * document holds (city, category, the area's cells; values the contract has checked: a city of
 * the list, a uuid, integers), and `rows`, the exact conditions on the row. A point keeps the
 * providers whose own service area reaches it (and, with a distance, are that near); a city alone
 * keeps the providers based there (and, with a distance, that near its centre). A date keeps those
 * who work that weekday, are not off and whose jobs and blocks leave a slot that day (the read
 * model's full days); whether a slot is left after the clock is checked on the page (`toItems`).
 */
function filtersOf(q: Discovery): { facets: string[]; rows: SQL[] } {
  const facets: string[] = [];
  const rows: SQL[] = [];
  if (q.category) facets.push(`'~cat:${q.category}'`);
  if (q.city) {
    facets.push(`'~city:${q.city}'`);
    rows.push(eq(ps.city, q.city as PortalCity));
  }
  const point = q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : null;
  const origin = originOf(q);
  if (point || (origin && q.radiusKm !== undefined)) {
    const center = point ?? (origin as Point);
    const reachKm = Math.min(q.radiusKm ?? maxReachKm, maxReachKm);
    const cells = cellsNear(center, reachKm);
    if (cells) facets.push(`(${cells.join(' | ')})`);
    const limitKm = point ? sql`least(${ps.radiusKm}, ${reachKm})` : sql`${reachKm}`;
    rows.push(sql`${ps.spot} <-> ${earthAt(center)} <= ${chordOf(limitKm)}`);
  }
  if (q.minPrice !== undefined) rows.push(sql`${ps.chargesCents} >= ${Math.round(q.minPrice * 100)}`);
  if (q.maxPrice !== undefined) rows.push(sql`${ps.chargesCents} <= ${Math.round(q.maxPrice * 100)}`);
  if (q.minRating !== undefined) rows.push(sql`${ps.ratingAvg} >= ${q.minRating}`);
  if (q.date) {
    rows.push(sql`(${ps.workDays} & ${1 << weekdayOf(q.date)}) <> 0`);
    rows.push(sql`not (${ps.offDays} || ${ps.fullDays}) @> array[${q.date}]::date[]`);
  }
  return { facets, rows };
}

/** A date no served provider can still work on (past everywhere, or beyond booking's reach). */
function outOfReach(date: string, now: Date): boolean {
  // Chicago is the served zone furthest behind: a day over there is over everywhere.
  return (
    daysAhead(date, 'America/Chicago', now) < 0 || daysAhead(date, 'America/New_York', now) > bookingLimits.maxDaysAhead
  );
}

/**
 * The words of a search as its queries read them: the last word may still be being typed, so it is
 * read as the start of a word; the ones before it were followed by a space, so they are read whole
 * (`prefixFrom`: the first word read as a start; 0 reads them all so). A start is a partial match,
 * for which the GIN index reads every matching word's postings whole into a bitmap (`family:*`,
 * 120k rows, 25 ms); a whole word lets it skip through its postings to the other words' rows.
 */
interface Words {
  list: string[];
  prefixFrom: number;
}
const asTyped = (list: string[]): Words => ({ list, prefixFrom: list.length - 1 });
const allBegun = (list: string[]): Words => ({ list, prefixFrom: 0 });

/** The words as tsquery terms: whole, or as the start of a word. */
const termsOf = (words: Words) => words.list.map((word, i) => (i >= words.prefixFrom ? `${word}:*` : word));

/**
 * Starts of words spelled out as the words they begin (`spelledOut`), as tsquery texts: `all`, the
 * words it begins as typed or as English stems it; `typed`, as typed only (null: none).
 */
type Spelled = ReadonlyMap<string, { all: string; typed: string | null }>;

/** A term (`termsOf`) as typed or as English stems it; a start spelled out, as its words. */
const wordQuery = (term: string, spelled: Spelled) => {
  const words = spelled.get(term);
  return words ? sql`${words.all}::tsquery` : sql`(to_tsquery('simple', ${term}) || to_tsquery('english', ${term}))`;
};

// ---------------------------------------------------------------- the dictionary

/**
 * What the dictionary (`search_words`) says of a search term (`termsOf`): how many documents hold
 * it at most (as typed or as English stems it; the word, or every word it begins), null when not
 * all of those are counted yet; missing from the answer when no document holds it.
 */
type Dictionary = Map<string, number | null>;

/**
 * Terms the dictionary has, kept a while: a word it has stays (it only grows), and its count only
 * chooses how a search is read. A term it lacks is asked again at every search, so a new
 * provider's words are found as soon as its row commits.
 */
const knownTerms = new WeakMap<Db, Map<string, { docs: number | null; until: number }>>();
const knownForMs = 5 * 60_000;
const knownMax = 10_000;

/**
 * The dictionary's words a word reaches, as `w` beside each of its lexemes `l` (as typed and as
 * English stems it): the lexeme itself, or (`begun`) every word from it up to it followed by the
 * last character, one range of the key.
 */
const wordsOf = (word: string, begun: boolean) =>
  sql`unnest(tsvector_to_array(to_tsvector('simple', ${word}) || to_tsvector('english', ${word}))) as l
    join search_words as w on ${begun ? sql`w.word >= l and w.word < l || chr(1114111)` : sql`w.word = l`}`;

async function dictionaryOf(db: Db, terms: string[], now: number): Promise<Dictionary> {
  const answer: Dictionary = new Map();
  const asked: string[] = [];
  let cached = knownTerms.get(db);
  if (!cached) knownTerms.set(db, (cached = new Map()));
  for (const term of new Set(terms)) {
    const known = cached.get(term);
    if (known && known.until > now) answer.set(term, known.docs);
    else asked.push(term);
  }
  if (asked.length === 0) return answer;
  // A word of letters and digits is one lexeme as typed; one that is more (some scripts) is not
  // looked up, and counts as held by an unknown number of documents.
  const lookups = asked.map((term, i) => {
    const word = term.replace(/:\*$/, '');
    return sql`select ${i}::int as i, cardinality(tsvector_to_array(to_tsvector('simple', ${word})))::int as lexemes,
        count(w.word)::int as words, sum(w.docs)::float8 as docs, coalesce(bool_or(w.docs is null), false) as uncounted
      from ${wordsOf(word, term.endsWith(':*'))}`;
  });
  const rows = await execute<{ i: number; lexemes: number; words: number; docs: number | null; uncounted: boolean }>(
    db,
    sql.join(lookups, sql` union all `),
  );
  for (const row of rows) {
    const term = asked[Number(row.i)] as string;
    if (Number(row.lexemes) !== 1) answer.set(term, null);
    else if (Number(row.words) > 0) {
      const docs = row.uncounted ? null : Number(row.docs);
      answer.set(term, docs);
      if (cached.size >= knownMax) cached.delete(cached.keys().next().value as string);
      cached.set(term, { docs, until: now + knownForMs });
    }
  }
  return answer;
}

/**
 * What the dictionary tells of a search by `words` before it is read: `none`, no document holds
 * one of its words (a word of a trade word's run may still name a service, so those are left
 * aside); else `bound`, at most how many documents hold every word (the rarest word's count),
 * when known.
 */
function foretold(words: Words, named: NamedServices[], dictionary: Dictionary): { none: boolean; bound?: number } {
  let bound: number | undefined;
  for (const [i, term] of termsOf(words).entries()) {
    if (named.some((run) => run.from <= i && i < run.to)) continue;
    if (!dictionary.has(term)) return { none: true };
    const docs = dictionary.get(term);
    if (docs !== null && docs !== undefined) bound = Math.min(bound ?? docs, docs);
  }
  return { none: false, ...(bound === undefined ? {} : { bound }) };
}

/** A word of ASCII letters and digits: one lexeme, inside one word of a name or a document. */
const asciiWord = /^[a-z0-9]+$/;

/**
 * Whether a part of a name may find someone the words did not. A needle of ASCII letters and
 * digits lies inside one word of a name, so a name holds it only where a word of the vocabulary
 * (`search_terms`, every name's words of three letters or more) does; and when the needle was the
 * one word searched, as a start, the names with a word beginning with it were found already, so
 * only a word holding it further in counts. Any other needle may.
 */
async function nameMayHold(db: Db, needle: string, searchedAsStart: boolean): Promise<boolean> {
  if (!asciiWord.test(needle)) return true;
  const [row] = await execute<{ held: boolean }>(
    db,
    sql`select exists (select 1 from search_terms where term like ${`${searchedAsStart ? '_' : ''}%${needle}%`}) as held`,
  );
  return row?.held === true;
}

/** A start of a word in at least this many documents is spelled out (`spelledOut`) where it pays. */
const manyDocuments = 5_000;
/** At most this many words stand in for a start of a word; more, and GIN reads it as a start. */
const spelledOutMax = 64;

/** Lexemes as a tsquery of any of them. */
const anyOf = (lexemes: string[]) =>
  lexemes.map((lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');

/**
 * The starts of words among `words` that GIN would read dearly, as the words of the dictionary
 * they begin (`'carpentry' | 'carpentri'`). GIN reads a start as a partial match, every matching
 * word's postings whole into a bitmap, where whole words let it skip to the rows the query's other
 * words and facets hold: at 1M rows, 'carpentry:*' with a service and an area took 150–210 ms in
 * the index, its two words 40–75. So only a start the dictionary counts in `from` documents or
 * more is spelled out, and only beside another word or a facet (alone, every posting is read
 * either way), when it begins `spelledOutMax` words at most. The words are asked for at every
 * search, never kept: the dictionary has every word of every document committed, so they find
 * exactly what the start finds, a new provider's word included.
 */
async function spelledOut(
  db: Db,
  words: Words,
  facets: string[],
  dictionary: Dictionary,
  from: number,
): Promise<Spelled> {
  const spelled = new Map<string, { all: string; typed: string | null }>();
  if (words.list.length + facets.length < 2) return spelled;
  // One lexeme, whose words are one range of the dictionary.
  const begun = termsOf(words).filter(
    (term) => term.endsWith(':*') && asciiWord.test(term.slice(0, -2)) && (dictionary.get(term) ?? 0) >= from,
  );
  if (begun.length === 0) return spelled;
  const lookups = begun.map(
    (term, i) =>
      sql`(select ${i}::int as i, w.word from ${wordsOf(term.slice(0, -2), true)} limit ${spelledOutMax + 1})`,
  );
  const rows = await execute<{ i: number; word: string }>(db, sql.join(lookups, sql` union all `));
  for (const [i, term] of begun.entries()) {
    const found = [...new Set(rows.filter((row) => Number(row.i) === i).map((row) => row.word))];
    if (found.length === 0 || found.length > spelledOutMax) continue;
    const typed = found.filter((word) => word.startsWith(term.slice(0, -2)));
    spelled.set(term, { all: anyOf(found), typed: typed.length ? anyOf(typed) : null });
  }
  return spelled;
}

/** The facets of services, as a tsquery: any of them. */
const servicesQuery = (categoryIds: string[]) => sql`${categoryIds.map((id) => `'~cat:${id}'`).join(' | ')}::tsquery`;

/**
 * The document's query: every word (`termsOf`: whole, or the last as the start of a word), as typed
 * or as English stems it ('cleaning' also finds 'cleans'; a stop word has no stem and matches as
 * typed only), and every facet. A run of words that is a trade word (`named`) is met by those words
 * or by offering one of the services it names. Null when there is neither. The words are letters
 * and digits only, so nothing of tsquery's syntax gets through.
 */
function documentQuery(
  words: Words,
  facets: string[],
  named: NamedServices[] = [],
  spelled: Spelled = new Map(),
): Match | null {
  const parts: SQL[] = [];
  const terms = termsOf(words);
  for (const [i, term] of terms.entries()) {
    const run = named.find((r) => r.from <= i && i < r.to);
    if (!run) parts.push(wordQuery(term, spelled));
    else if (run.from === i) {
      const runWords = sql.join(
        terms.slice(run.from, run.to).map((t) => wordQuery(t, spelled)),
        sql` && `,
      );
      parts.push(sql`((${runWords}) || ${servicesQuery(run.categoryIds)})`);
    }
  }
  if (facets.length) parts.push(sql`${facets.join(' & ')}::tsquery`);
  return parts.length ? wordsMatch(ps.document, sql.join(parts, sql` && `)) : null;
}

/**
 * A condition an index can answer, written two ways: `indexed`, as that index reads it (to find
 * the few), and `opaque`, the same test as a plain function no index reads (to check the rows of a
 * walk, so the planner never trades the walk for collecting every match).
 */
interface Match {
  indexed: SQL;
  opaque: SQL;
}

type WordsColumn = typeof ps.document | typeof ps.nameWords | typeof ps.serviceWords;
const wordsMatch = (column: WordsColumn, query: SQL): Match => ({
  indexed: sql`${column} @@ (${query})`,
  opaque: sql`ts_match_vq(${column}, ${query})`,
});

/**
 * Any of the words (`termsOf`, as typed; a start spelled out, as the words it begins as typed) in
 * `column` (the name's, or the service titles').
 */
function anyWordIn(column: WordsColumn, words: Words, spelled: Spelled = new Map()): Match {
  const terms = termsOf(words);
  const asTerms = terms.filter((term) => !spelled.get(term)?.typed);
  const asWords = terms.flatMap((term) => spelled.get(term)?.typed ?? []);
  return wordsMatch(
    column,
    sql.join(
      [
        ...(asTerms.length ? [sql`to_tsquery('simple', ${asTerms.join(' | ')})`] : []),
        ...asWords.map((query) => sql`${query}::tsquery`),
      ],
      sql` || `,
    ),
  );
}

/** Either match: each index finds its own rows (a BitmapOr). */
const eitherOf = (a: Match, b: Match): Match => ({
  indexed: sql`(${a.indexed} or ${b.indexed})`,
  opaque: sql`(${a.opaque} or ${b.opaque})`,
});

// ---------------------------------------------------------------- orders

/** Best rated first; more reviews, then the name and the id break ties: `provider_search_rating_idx`. */
const bestRated = [desc(ps.ratingAvg), desc(ps.reviewCount), asc(ps.name), asc(ps.providerId)];

interface Order {
  /** The order an index holds, walked until the page is full. */
  walked: SQL[];
  /** The same order for sorting a few rows. */
  sorted: SQL[];
}

function orderOf(q: Discovery): Order {
  const origin = originOf(q);
  // The nearest-first walk orders by distance alone (the GiST index holds no second key); two
  // providers at the very same point may then swap between pages.
  if (q.sort === 'distance' && origin) {
    const distance = sql`${ps.spot} <-> ${earthAt(origin)}`;
    return { walked: [distance], sorted: [distance, asc(ps.providerId)] };
  }
  if (q.sort === 'price') {
    const cheapest = [asc(ps.chargesCents), ...bestRated];
    return { walked: cheapest, sorted: cheapest };
  }
  return { walked: bestRated, sorted: bestRated };
}

// ---------------------------------------------------------------- reading

/**
 * One part of the answer, in the order's own order: the rows that meet `driver` and `rows`.
 * `driver` is what an index finds the few of (the document's query, the name's words, a part of
 * the name), null when nothing does.
 */
interface Part {
  driver: Match | null;
  rows: SQL[];
}

const whereOf = (part: Part) => and(...(part.driver ? [part.driver.opaque] : []), ...part.rows) ?? sql`true`;

/**
 * The few, found through their driver's index alone: `offset 0` keeps the other conditions (and
 * their indexes) out of that subquery, and they are checked on its rows.
 */
const fewOf = (part: Part) =>
  part.driver ? sql`(select * from ${ps} where ${part.driver.indexed} offset 0) as ${ps}` : sql`${ps}`;
const restOf = (part: Part) => and(...part.rows) ?? sql`true`;

/**
 * What a page's statement answers for each provider of the page (`page`: the page's query, with
 * `id` and `n`, numbered in its order as `ord`): the id for search (whose cards are read for the
 * whole page at once, `cardsOf`), a name for suggestions.
 */
type Shape = (page: SQL) => SQL;
type Shaped = Record<string, unknown> & { ord: number; n: number | null };

/** The page's rows in its order. */
async function shaped<Row extends Shaped>(db: Queryable, shape: Shape, page: SQL): Promise<Row[]> {
  const rows = await execute<Row>(
    db,
    shape(sql`(select numbered.*, row_number() over ()::int as ord from (${page}) as numbered) as page`),
  );
  return rows.sort((a, b) => Number(a.ord) - Number(b.ord));
}

/**
 * Up to `limit` rows of a part from `offset`, walking the order's index: every condition is one no
 * index but the order's own can answer (the driver in its opaque form), so the planner walks.
 */
function walk<Row extends Shaped>(
  db: Queryable,
  shape: Shape,
  part: Part,
  order: Order,
  limit: number,
  offset: number,
) {
  return shaped<Row>(
    db,
    shape,
    sql`select ${ps.providerId} as id, null::int as n from ${ps} where ${whereOf(part)}
        order by ${sql.join(order.walked, sql`, `)} limit ${limit} offset ${offset}`,
  );
}

/**
 * Up to `limit` rows from `offset` of the few, sorted by `order`, and how many match in all: one
 * statement. It reads from the first match (the sort keeps the best `offset + limit` either way),
 * so a page past the last match still has a row to carry the total.
 */
async function collect<Row extends Shaped>(
  db: Queryable,
  shape: Shape,
  part: Part,
  order: SQL[],
  limit: number,
  offset: number,
) {
  const rows = await shaped<Row>(db, shape, collected(part, order, offset + limit, 0));
  return { rows: rows.slice(offset), total: rows[0] ? Number(rows[0].n) : 0 };
}

/** The page of the few, with `n`, how many match in all. */
const collected = (part: Part, order: SQL[], limit: number, offset: number) =>
  sql`select ${ps.providerId} as id, count(*) over ()::int as n from ${fewOf(part)} where ${restOf(part)}
      order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`;

/** How many rows match, counting no further than the cap and one more. */
async function countCapped(db: Queryable, part: Part): Promise<number> {
  const [row] = await execute<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${fewOf(part)} where ${restOf(part)}
        limit ${discoveryLimits.countCap + 1}) as capped`,
  );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- how many match

/** Rows sampled to tell how many match. */
const sampleRows = 500;
/** Rows of the further sample, taken when the first cannot tell "more than the cap" (`sampledFurther`). */
const furtherRows = 4000;
/** Below this many rows every search collects: the sample would cost more than it saves. */
const smallTable = 20_000;

const knownSizes = new WeakMap<Db, { rows: number; at: number }>();
/** How many rows the read model has, as the last analyze counted them (a minute old at most). */
async function tableSize(db: Db, now: number): Promise<number> {
  const known = knownSizes.get(db);
  if (known && now - known.at < 60_000) return known.rows;
  const [row] = await execute<{ rows: number }>(
    db,
    sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = 'provider_search'::regclass`,
  );
  const rows = Number(row?.rows ?? 0);
  knownSizes.set(db, { rows, at: now });
  return rows;
}

/** How a search is read: as the sample says (`sample`), or always one way (the tests compare them). */
export type Strategy = 'sample' | 'collect' | 'walk';

/**
 * What a search matches (`base`) and the tiers its matches are listed in, first to last: each tier
 * holds the matches that meet its `when` and no earlier tier's, the last one the rest. A tier may
 * have an index of its own that finds its few (`driver`).
 */
interface Search {
  base: Part;
  tiers: { when: Match; driver?: boolean }[];
  /** At most how many rows the base's driver finds, as the dictionary counts them, when known. */
  bound?: number;
}

/** The search's tiers as parts, each with the index that finds its few. */
function partsOf({ base, tiers }: Search): Part[] {
  if (tiers.length === 0) return [base];
  const earlier = (i: number) => tiers.slice(0, i).map((tier) => not(tier.when.opaque));
  return [
    ...tiers.map((tier, i) =>
      tier.driver
        ? {
            driver: tier.when,
            rows: [...(base.driver ? [base.driver.opaque] : []), ...base.rows, ...earlier(i)],
          }
        : { driver: base.driver, rows: [...base.rows, ...earlier(i), tier.when.opaque] },
    ),
    { driver: base.driver, rows: [...base.rows, ...earlier(tiers.length)] },
  ];
}

interface Estimate {
  /** Matches expected in all, and in each part. */
  all: number;
  parts: number[];
  /** Rows the driver's index finds (all of them, when there is no driver), and each part's driver. */
  found: number;
  partsFound: number[];
  /** Matching rows the sample saw. */
  hits: number;
  /** The sample's own counts (`sampleCounts`), to add a further sample's to. */
  counts: Record<string, number>;
}

/**
 * The sample's counts: how many rows the search matches (in all, and in each tier) and how many
 * its drivers' indexes find, among sample blocks of the read model (about `sampleRows` rows).
 */
function sampleCounts({ base, tiers }: Search, size: number, rows = sampleRows): SQL {
  const percent = Math.min(100, (100 * rows) / size);
  const counted = (name: string, condition: SQL) =>
    sql`, count(*) filter (where ${condition})::int as ${sql.identifier(name)}`;
  // A tier's test runs only on the rows that match (`and` stops at the first false).
  const columns = [
    ...(base.driver ? [counted('d', base.driver.opaque)] : []),
    ...tiers.map((tier, i) =>
      counted(
        `p${i}`,
        sql`m${sql.join(
          tiers.slice(0, i).map((earlier) => sql` and not ${earlier.when.opaque}`),
          sql``,
        )} and ${tier.when.opaque}`,
      ),
    ),
    ...tiers.flatMap((tier, i) => (tier.driver ? [counted(`d${i}`, tier.when.opaque)] : [])),
  ];
  return sql`select count(*)::int as seen, count(*) filter (where m)::int as hits${sql.join(columns, sql``)}
    from (select *, ${whereOf(base)} as m from ${ps} tablesample system (${percent}) offset 0) as ${ps}`;
}

/** The sample's counts scaled to the table. */
function estimateOf(row: Record<string, unknown>, { base, tiers }: Search, size: number): Estimate {
  const counts = Object.fromEntries(Object.entries(row).map(([name, n]) => [name, Number(n ?? 0)]));
  const seen = Math.max(1, Number(row.seen ?? 0));
  const scale = (n: unknown) => (Number(n ?? 0) / seen) * size;
  const hits = Number(row.hits ?? 0);
  const tierHits = tiers.map((_, i) => Number(row[`p${i}`] ?? 0));
  const found = base.driver ? scale(row.d) : size;
  return {
    all: scale(hits),
    parts: [...tierHits, hits - tierHits.reduce((a, b) => a + b, 0)].map(scale),
    found,
    partsFound: [...tiers.map((tier, i) => (tier.driver ? scale(row[`d${i}`]) : found)), found],
    hits,
    counts,
  };
}

/**
 * The estimate with a further sample of `furtherRows` rows added: when the first sample says a
 * search likely matches more than the cap but saw too few to be sure, a larger one costs a few
 * milliseconds where counting to the cap through the driver's index costs tens at 1M rows (its
 * bitmap holds every row the index finds, however many the rest of the conditions leave).
 */
async function sampledFurther(db: Db, search: Search, size: number, first: Estimate): Promise<Estimate> {
  const [row] = await execute<Record<string, unknown>>(db, sampleCounts(search, size, furtherRows));
  const sum = { ...first.counts };
  for (const [name, n] of Object.entries(row ?? {})) sum[name] = (sum[name] ?? 0) + Number(n ?? 0);
  return estimateOf(sum, search, size);
}

/**
 * Whether walking the order's index beats collecting. A walk reads about `wanted / share` rows,
 * one index entry and one row at a time; collecting reads every row the driver's index finds, in
 * the table's order (about half the cost a row), and sorts the matches.
 */
const walkPays = (matches: number, found: number, wanted: number, size: number) =>
  (2 * wanted * size) / Math.max(matches, 1) < found + matches;

/** The chance of `hits` or more when `expected` are expected (Poisson). */
function chanceOfAtLeast(hits: number, expected: number): number {
  let term = Math.exp(-expected);
  let below = 0;
  for (let k = 0; k < hits; k++) {
    below += term;
    term *= expected / (k + 1);
  }
  return Math.max(0, 1 - below);
}

/**
 * The sample may say "more than the cap" when it saw at least 15 matches, and as many as it saw
 * would come up less than once in 4,000 searches were there only the cap: at 100k rows, 15 of
 * 500 sampled rows (5 expected), or 71 of 4,500 (45 expected); at 1M, 15 of either.
 */
const surelyMore = (e: Estimate) =>
  e.hits >= 15 && chanceOfAtLeast(e.hits, (discoveryLimits.countCap * e.hits) / e.all) < 1 / 4000;
/** Whether a sample that is not sure expects more than the cap: a larger one may make it sure. */
const likelyMore = (e: Estimate) => e.all > discoveryLimits.countCap && !surelyMore(e);

interface Found<Row> {
  total: number;
  rows: Row[];
}

/**
 * A page of the search's matches, tier after tier (each in the order), and the total. Few in all:
 * one statement sorts them by tier and order and counts them. Many: each tier is walked or
 * collected as its share says, only while the ones before it have not filled the page.
 */
async function read<Row extends Shaped>(
  db: Db,
  shape: Shape,
  search: Search,
  order: Order,
  q: PageQuery,
  strategy: Strategy,
  counted = true,
): Promise<Found<Row>> {
  const offset = offsetOf(q);
  const wanted = offset + q.limit;
  // Few in all: one statement sorts them by tier and order.
  const tier = search.tiers.length
    ? [
        sql`case ${sql.join(
          search.tiers.map((t, i) => sql`when ${t.when.opaque} then ${i}`),
          sql` `,
        )} else ${search.tiers.length} end`,
      ]
    : [];
  const sortedByTier = [...tier, ...order.sorted];
  const size = strategy === 'sample' ? await tableSize(db, Date.now()) : 0;
  let sampled: Estimate | null = null;
  // A driver the dictionary says finds so few that no walk could beat collecting them needs no
  // sample (`walkPays` is false for every share when bound² ≤ wanted × size).
  const fewForSure = search.bound !== undefined && search.bound ** 2 <= wanted * size;
  if (strategy === 'collect' || (strategy === 'sample' && (size < smallTable || fewForSure)))
    return collect<Row>(db, shape, search.base, sortedByTier, q.limit, offset);
  if (strategy === 'sample' && !search.base.driver && search.base.rows.length === 0) {
    // Every row matches a search with no condition at all (every provider, best rated first).
    sampled = { all: size, parts: [size], found: size, partsFound: [size], hits: sampleRows, counts: {} };
  } else if (strategy === 'sample') {
    const [counts] = await execute<Record<string, unknown>>(db, sampleCounts(search, size));
    sampled = estimateOf(counts ?? {}, search, size);
    if (!walkPays(sampled.all, sampled.found, wanted, size))
      return collect<Row>(db, shape, search.base, sortedByTier, q.limit, offset);
  }
  // Many: each tier walked or collected as its share says, only while the ones before it have not
  // filled the page. One tier alone is read from the page's offset; tiers from their start.
  const parts = partsOf(search);
  const from = parts.length === 1 ? offset : 0;
  let rows: Row[] = [];
  for (const [i, part] of parts.entries()) {
    if (from + rows.length >= wanted) break;
    const need = wanted - from - rows.length;
    const walkIt = sampled === null || walkPays(sampled.parts[i] ?? 0, sampled.partsFound[i] ?? size, need, size);
    const found = walkIt
      ? await walk<Row>(db, shape, part, order, need, from)
      : await shaped<Row>(db, shape, collected(part, order.sorted, need, from));
    rows = rows.concat(found);
  }
  // Every part read to its end before the page was full: every match has been seen (when the
  // reading began at the first match, or found any past the offset), and the total needs no count.
  const seenAll = from + rows.length < wanted && (from === 0 || rows.length > 0);
  if (!seenAll && counted && sampled && likelyMore(sampled)) sampled = await sampledFurther(db, search, size, sampled);
  const total = seenAll
    ? from + rows.length
    : !counted || (sampled && surelyMore(sampled))
      ? discoveryLimits.countCap + 1
      : await countCapped(db, search.base);
  return { total, rows: rows.slice(offset - from, wanted - from) };
}

// ---------------------------------------------------------------- the search

export interface DiscoverOptions {
  /** Who asks: the cards show a street address only to those entitled to it. */
  viewer?: Viewer;
  strategy?: Strategy;
  /** How many documents a start of a word must be in to be spelled out (`spelledOut`); tests spell out any. */
  spellFrom?: number;
  /** The live trade words: read afresh when not given; the routes pass the catalogue's copy. */
  tradeWords?: () => Promise<TradeWordTable>;
}

export interface FoundPage {
  items: ProviderListItem[];
  meta: DiscoveryMeta;
}

/**
 * A search by words: every word is a word of the document (the last, the start of one), or a trade
 * word among them names a service the provider offers; tiered by name, then service title (or a
 * named service), when ranked by match.
 */
function byWords(
  words: Words,
  facets: string[],
  rows: SQL[],
  q: Discovery,
  named: NamedServices[],
  spelled: Spelled,
): Search {
  const base = { driver: documentQuery(words, facets, named, spelled), rows };
  if (q.sort && q.sort !== 'match') return { base, tiers: [] };
  const titles = anyWordIn(ps.serviceWords, words, spelled);
  const services = [...new Set(named.flatMap((run) => run.categoryIds))];
  return {
    base,
    tiers: [
      { when: anyWordIn(ps.nameWords, words, spelled), driver: true },
      {
        when: services.length ? eitherOf(titles, wordsMatch(ps.document, servicesQuery(services))) : titles,
        driver: true,
      },
    ],
  };
}

/**
 * Listed providers matching the filters and the text. Every word must be a word of the name, a
 * service title or the about text, the last one the start of one (accents and case aside), or a
 * trade word among the words must name a service the provider offers ('plumber' finds the
 * plumbers); when none matches so, every word is read as the start of one, then a part of a name
 * (three letters or more) is looked for, then the words are corrected against the vocabulary (one
 * or two letters off). Without a text, or with another sort than 'match': in the chosen order
 * (best rated first by default). The total is exact up to the cap, then the cap with `more`. The
 * cards show the viewer a street address only where it is entitled to one (`streetAddressesFor`).
 */
export async function discover(
  db: Db,
  q: Discovery,
  now: Date,
  {
    viewer = null,
    strategy = 'sample',
    spellFrom = manyDocuments,
    tradeWords = () => liveTradeWords(db),
  }: DiscoverOptions = {},
): Promise<FoundPage> {
  const none = { items: [], meta: { page: q.page, limit: q.limit, total: 0 } };
  if (q.date && outOfReach(q.date, now)) return none;
  const { facets, rows } = filtersOf(q);
  const order = orderOf(q);
  const text = q.text.trim();
  const words = searchWords(text);
  const find = (search: Search) => read<PageRow>(db, idsOf, search, order, q, strategy);
  const findWords = async (ws: Words): Promise<Found<PageRow>> => {
    const named = servicesNamedBy(await tradeWords(), ws.list);
    const dictionary = await dictionaryOf(db, termsOf(ws), Date.now());
    const told = foretold(ws, named, dictionary);
    if (told.none) return { total: 0, rows: [] };
    const spelled = await spelledOut(db, ws, facets, dictionary, spellFrom);
    return find({
      ...byWords(ws, facets, rows, q, named, spelled),
      ...(told.bound === undefined ? {} : { bound: told.bound }),
    });
  };
  const noWords = allBegun([]);
  let found: Found<PageRow> = { total: 0, rows: [] };
  if (text === '') {
    found = await find({ base: { driver: documentQuery(noWords, facets), rows }, tiers: [] });
  } else {
    if (words.length) found = await findWords(asTyped(words));
    // Words read whole that found nothing may be starts of words too ('plu rep').
    if (found.total === 0 && words.length > 1) found = await findWords(allBegun(words));
    const needle = plain(text).trim();
    const searchedAsStart = words.length === 1 && words[0] === needle;
    if (found.total === 0 && needle.length >= 3 && (await nameMayHold(db, needle, searchedAsStart))) {
      // A part of a name ('elgado', "o'c"), through the names' trigram index (which needs three letters).
      const inName = {
        indexed: sql`${ps.name} like ${`%${escapeLike(needle)}%`}`,
        opaque: sql`strpos(${ps.name}, ${needle}) > 0`,
      };
      const facetsMet = documentQuery(noWords, facets);
      found = await find({
        base: { driver: inName, rows: [...(facetsMet ? [facetsMet.opaque] : []), ...rows] },
        tiers: [],
      });
    }
    if (found.total === 0 && words.length) {
      const fixed = await corrected(db, words);
      if (fixed) found = await findWords(asTyped(fixed));
    }
  }
  const cards = await cardsOf(
    db,
    found.rows.map((row) => row.id),
    slotWindow(now, q.date),
  );
  const items = await toItems(db, cards, q, now, viewer);
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

/** A page's providers by id, in its order; their cards are read apart (`cardsOf`). */
const idsOf: Shape = (page) => sql`select page.ord, page.n, page.id from ${page}`;
type PageRow = Shaped & { id: string };

/** Builds the cards' statement of a database (see `cardsOf`). */
const cardsStatement = (db: Db) =>
  db
    .select({
      ...cardColumns,
      lat: providerProfiles.lat,
      lng: providerProfiles.lng,
      timeZone: providerProfiles.timeZone,
      slotMinutes: providerProfiles.slotMinutes,
      bufferMinutes: providerProfiles.bufferMinutes,
      slots: sql<SlotRow[] | string>`${slotRowsOf(sql`${users.id}`, {
        first: sql.placeholder('first'),
        last: sql.placeholder('last'),
      })}`,
    })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('search_cards');
type CardRow = Awaited<ReturnType<ReturnType<typeof cardsStatement>['execute']>>[number];
const cardStatements = new WeakMap<Db, ReturnType<typeof cardsStatement>>();

/**
 * The cards of a page's providers, in the page's order, with where each is and the rows its next
 * free slot is worked out from (in `window`). One statement for every tier of the page, the same
 * for every search: prepared once per connection, since planning it cost about as much as running it.
 */
async function cardsOf(db: Db, ids: string[], window: SlotWindow): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  let statement = cardStatements.get(db);
  if (!statement) cardStatements.set(db, (statement = cardsStatement(db)));
  const rows = await statement.execute({ ids, first: window.first, last: window.last });
  const byId = new Map(rows.map((row) => [row._id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A JSON column as either engine's driver hands it over. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

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
 * With a date, a provider whose slots that day are all too soon (today's, as the clock goes) is
 * left out of the page; full days are left out before (the read model's `fullDays`).
 */
async function toItems(db: Db, page: CardRow[], q: Discovery, now: Date, viewer: Viewer): Promise<ProviderListItem[]> {
  const origin = originOf(q);
  const streetShown = await streetAddressesFor(
    db,
    viewer,
    page.map((r) => r._id),
  );
  const daysIn = nextSlotDaysFrom(now);
  return page
    .map(({ lat, lng, timeZone, slotMinutes, bufferMinutes, slots, ...card }) => ({
      _id: card._id,
      user_id: toCard(card, streetShown.has(card._id)),
      city: card.city,
      ...(origin ? { distanceKm: distanceKm(origin, { lat, lng }) } : {}),
      nextSlot: firstFreeSlot(
        { id: card._id, timeZone, slotMinutes, bufferMinutes },
        parsed(slots),
        now,
        q.date ? [q.date] : daysIn(timeZone),
      ),
    }))
    .filter((item) => !q.date || item.nextSlot !== null);
}

// ---------------------------------------------------------------- suggestions

/**
 * Up to 8 suggestions for what is being typed: the categories whose title has a word beginning
 * with it (or one or two letters off) or a trade word beginning with it, then providers whose name
 * has words beginning with every word typed, best rated first.
 */
export async function suggest(db: Db, text: string): Promise<Suggestion[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const titleWords = sql`regexp_split_to_array(lower(unaccent(${categories.title})), '[^[:alnum:]]+')`;
  const startsAWord = (word: string) =>
    sql`exists (select 1 from unnest(${titleWords}) as w where w like ${`${escapeLike(word)}%`})`;
  const fixed = (await corrected(db, words)) ?? words;
  // A trade word that begins with what is typed, or with its correction ('electri' → the service
  // 'electrician' names; 'plumer' → 'plumber').
  const begun = (typed: string[]) => sql`${tradeWords.phrase} like ${`${escapeLike(typed.join(' '))}%`}`;
  const tradeWordBegun = sql`exists (select 1 from ${tradeWords} where ${tradeWords.categoryId} = ${categories.id}
    and (${begun(words)} or ${begun(fixed)}))`;
  const categoryRows = await db
    .select({ _id: categories.id, label: categories.title })
    .from(categories)
    .where(
      and(
        isNull(categories.archivedAt),
        sql`((${and(...words.map(startsAWord))}) or (${and(...fixed.map(startsAWord))}) or ${tradeWordBegun})`,
      ),
    )
    .orderBy(asc(categories.title))
    .limit(discoveryLimits.suggestions);
  const wanted = discoveryLimits.suggestions - categoryRows.length;
  const named = wordsMatch(ps.nameWords, sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`);
  const names: Shape = (page) =>
    sql`select page.ord, page.n, ${users.id} as id, ${users.name} as label, ${providerProfiles.slug} as slug
      from ${page} join ${users} on ${users.id} = page.id join ${providerProfiles} on ${providerProfiles.userId} = page.id`;
  const { rows } =
    wanted > 0
      ? await read<Shaped & { id: string; label: string; slug: string | null }>(
          db,
          names,
          { base: { driver: named, rows: [] }, tiers: [] },
          { walked: bestRated, sorted: bestRated },
          { page: 1, limit: wanted },
          'sample',
          false,
        )
      : { rows: [] };
  return [
    ...categoryRows.map((c) => ({ kind: 'category' as const, ...c, slug: null })),
    ...rows.map((row) => ({ kind: 'provider' as const, _id: row.id, label: row.label, slug: row.slug })),
  ];
}

// ---------------------------------------------------------------- upkeep

/**
 * Forgets the read model's full days that are over everywhere (before UTC's yesterday): the
 * database works days out as jobs and blocks change, but only the clock says when one is past.
 */
export async function forgetPastFullDays(db: Queryable, now: Date): Promise<number> {
  const over = shiftDay(now.toISOString().slice(0, 10), -1);
  const changed = await db
    .update(ps)
    .set({ fullDays: sql`array(select d from unnest(${ps.fullDays}) as d where d >= ${over} order by d)` })
    // The days are kept in order, so the first is the oldest.
    .where(sql`${ps.fullDays}[1] < ${over}`)
    .returning({ id: ps.providerId });
  return changed.length;
}

/**
 * Counts again how many documents hold each word of the dictionary (`search_words_count`): words
 * added since the last count have none, and counts drift as providers change. They only choose
 * how a search is read.
 */
export async function countSearchWords(db: Queryable): Promise<void> {
  await db.execute(sql`select search_words_count()`);
}
