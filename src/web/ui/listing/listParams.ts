// An admin list's page, search and sort in the URL: read with defaults for what is missing or
// unreadable, and written back naming only what differs from them (useListParams keeps them there);
// likewise its status filter (useStatusFilter).

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

/** The status the URL names under `param`, if it is one of `statuses`; null (every status) otherwise. */
export function readStatusParam<S extends string>(
  search: URLSearchParams,
  statuses: readonly S[],
  param = 'status',
): S | null {
  const raw = search.get(param);
  return statuses.find((value) => value === raw) ?? null;
}

/**
 * The URL parameters with `status` under `param` ('' removes it: every status), and the list back on
 * its first page: its `pageParam` removed (null for a list whose page is not in the URL). The
 * page's other parameters (another list's status or page) are kept.
 */
export function writeStatusParam(
  current: URLSearchParams,
  status: string,
  param = 'status',
  pageParam: string | null = 'page',
): URLSearchParams {
  const next = new URLSearchParams(current);
  if (status) next.set(param, status);
  else next.delete(param);
  if (pageParam) next.delete(pageParam);
  return next;
}
