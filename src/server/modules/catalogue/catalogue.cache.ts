// The keys of the catalogue's cached public reads (platform/cache.ts), built in this one place:
// the catalogue's routes and search read through them, and every write that changes what they show
// (the admin's catalogue and trade words, a provider's status or block, a rating hidden) forgets
// them here.
import type { HomeListQuery } from '../../../contract/catalogue.js';
import type { PageQuery } from '../../../contract/common.js';
import type { ReadCache } from '../../platform/cache.js';

/**
 * The cached lists; each keeps one entry per page and page size (and chosen city), but the trade
 * words: one table.
 */
export type CatalogueList = 'categories' | 'offers' | 'topProviders' | 'tradeWords';

const prefix = 'catalogue:';
const listKey = (list: CatalogueList, { page, limit }: PageQuery, city = '') =>
  `${prefix}${list}:${page}:${limit}:${city}`;

export const catalogueCache = {
  key: {
    categories: (query: PageQuery) => listKey('categories', query),
    offers: (query: HomeListQuery) => listKey('offers', query, query.city),
    topProviders: (query: HomeListQuery) => listKey('topProviders', query, query.city),
    /** Search's copy of the live trade words. */
    tradeWords: `${prefix}tradeWords:`,
  },
  /** Forgets every page of one list, or of the whole catalogue when no list is named. */
  invalidate(cache: ReadCache, list?: CatalogueList) {
    cache.invalidate(list ? `${prefix}${list}:` : prefix);
  },
};
