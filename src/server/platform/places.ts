// Address suggestions behind an interface: the built-in gazetteer of the three served cities by
// default, a real maps service (Google Places, Mapbox, …) later, without touching the routes.
import { gazetteer, type GazetteerEntry } from './places-gazetteer.js';

export interface PlaceSuggestion {
  description: string;
}

export interface PlacesProvider {
  /** Up to `limit` suggestions for what a person typed, best first. */
  autocomplete(query: string, options: { limit: number; signal?: AbortSignal }): Promise<PlaceSuggestion[]>;
}

/** Lower case, letters and digits only, single spaces: "St. John's" → "st john s". */
export const normalize = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

interface Indexed {
  entry: GazetteerEntry;
  /** ` word word …` with a leading space, so " q" finds a match at a word start. */
  spaced: string;
  words: string[];
}

const kindRank: Record<GazetteerEntry['kind'], number> = { area: 0, street: 1, address: 2 };

/**
 * The gazetteer as a places provider: every word typed must start a word of the entry; entries
 * that start with the whole query come first, then those where it starts a word, then the rest;
 * neighbourhoods before streets before house addresses.
 */
export class GazetteerPlaces implements PlacesProvider {
  private readonly index: Indexed[];

  constructor(entries: readonly GazetteerEntry[] = gazetteer) {
    this.index = entries.map((entry) => {
      const normal = normalize(entry.description);
      return { entry, spaced: ` ${normal}`, words: normal.split(' ') };
    });
  }

  async autocomplete(query: string, options: { limit: number }): Promise<PlaceSuggestion[]> {
    const q = normalize(query);
    if (!q || options.limit <= 0) return [];
    const tokens = q.split(' ');
    const hits: { item: Indexed; score: number }[] = [];
    for (const item of this.index) {
      if (!tokens.every((token) => item.words.some((word) => word.startsWith(token)))) continue;
      const score = item.spaced.startsWith(` ${q}`) ? 0 : item.spaced.includes(` ${q}`) ? 1 : 2;
      hits.push({ item, score });
    }
    hits.sort(
      (a, b) =>
        a.score - b.score ||
        kindRank[a.item.entry.kind] - kindRank[b.item.entry.kind] ||
        a.item.entry.description.localeCompare(b.item.entry.description, 'en', { numeric: true }),
    );
    return hits.slice(0, options.limit).map((hit) => ({ description: hit.item.entry.description }));
  }
}
