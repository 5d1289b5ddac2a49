// The data of an admin list: its page, search and sort live in the URL (reload, back and a shared
// link keep them); the rows come from the server, the previous page staying on screen meanwhile.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { Endpoint } from '../../../contract/endpoint.js';
import { call } from '../../lib/api.js';
import { readListParams, writeListParams, type ListParams } from './listParams.js';

export type { ListParams };

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
  const params = readListParams(searchParams, prefix);
  const setParams = useCallback(
    (next: Partial<ListParams>) =>
      setSearchParams((current) => writeListParams(current, next, prefix), { replace: false }),
    [setSearchParams, prefix],
  );
  return [params, setParams] as const;
}

export function useListing<Row>(
  endpoint: Endpoint<undefined, Row[]>,
  params: ListParams,
  extra: Record<string, string> = {},
) {
  return useQuery({
    queryKey: listKeys.page(endpoint.path, params, extra),
    queryFn: ({ signal }) =>
      call(endpoint, undefined, {
        signal,
        query: { page: params.page, q: params.q, sort: params.sort, order: params.order, ...extra },
      }),
    placeholderData: keepPreviousData,
  });
}
