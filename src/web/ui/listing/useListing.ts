// The data of an admin list: its page, search and sort live in the URL (reload, back and a shared
// link keep them); the rows come from the server, the previous page staying on screen meanwhile.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { get, type Envelope } from '../../lib/api.js';

export interface ListParams {
  page: number;
  q: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

export const listKeys = {
  /** Every page of one list: what a change to its rows invalidates. */
  of: (path: string) => ['admin', 'list', path] as const,
  page: (path: string, params: ListParams, extra: Record<string, string>) =>
    ['admin', 'list', path, params, extra] as const,
};

/** Forgets every page of a list, so the one on screen reloads in place. */
export function useInvalidateList() {
  const queryClient = useQueryClient();
  return useCallback((path: string) => queryClient.invalidateQueries({ queryKey: listKeys.of(path) }), [queryClient]);
}

/** `prefix` names the URL parameters (`bookings.page` …) when a page shows more than one list. */
export function useListParams(prefix = '') {
  const [searchParams, setSearchParams] = useSearchParams();
  const read = (key: keyof ListParams) => searchParams.get(`${prefix}${key}`);
  const order = read('order');
  const params: ListParams = {
    page: Math.max(1, Number.parseInt(read('page') ?? '1', 10) || 1),
    q: read('q') ?? '',
    sort: read('sort') || undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
  };
  const setParams = useCallback(
    (next: Partial<ListParams>) =>
      setSearchParams(
        (current) => {
          const merged = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value === undefined || value === '' || (key === 'page' && value === 1))
              merged.delete(`${prefix}${key}`);
            else merged.set(`${prefix}${key}`, String(value));
          }
          return merged;
        },
        { replace: false },
      ),
    [setSearchParams, prefix],
  );
  return [params, setParams] as const;
}

export function useListing<Row>(path: string, params: ListParams, extra: Record<string, string> = {}) {
  return useQuery({
    queryKey: listKeys.page(path, params, extra),
    queryFn: async ({ signal }): Promise<Envelope<Row[]>> =>
      get<Row[]>(path, {
        scope: 'admin',
        signal,
        query: { page: params.page, q: params.q, sort: params.sort, order: params.order, ...extra },
      }),
    placeholderData: keepPreviousData,
  });
}
