// An admin list's page, search and sort in the URL: read with defaults for what is missing or
// unreadable, and written back naming only what differs from them (useListParams keeps them there).

export interface ListParams {
  page: number;
  q: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

/**
 * The list's page, search and sort as the URL holds them under `prefix`. A missing or unreadable
 * value is the default: page 1 (a page below 1 too), no search, the server's own order.
 */
export function readListParams(search: URLSearchParams, prefix = ''): ListParams {
  const read = (key: keyof ListParams) => search.get(`${prefix}${key}`);
  const order = read('order');
  return {
    page: Math.max(1, Number.parseInt(read('page') ?? '1', 10) || 1),
    q: read('q') ?? '',
    sort: read('sort') || undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
  };
}

/**
 * The URL parameters after `next` is applied to `current` (left as it is): a default value
 * (undefined, '', page 1) removes its parameter, so the URL names only what differs; parameters
 * that are not the list's (the page's own filters, another list's) are kept.
 */
export function writeListParams(current: URLSearchParams, next: Partial<ListParams>, prefix = ''): URLSearchParams {
  const merged = new URLSearchParams(current);
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) merged.delete(`${prefix}${key}`);
    else merged.set(`${prefix}${key}`, String(value));
  }
  return merged;
}
