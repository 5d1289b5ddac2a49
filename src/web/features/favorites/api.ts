// A member's favourite providers: check, add, list and remove, each beside its cache key.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { favoriteEndpoints } from '../../../contract/endpoints/favorites.js';
import type { FavoriteCheck } from '../../../contract/favorites.js';
import { call, nextPage } from '../../lib/api.js';
import { providerPageSize } from '../providers/index.js';

export const favoriteKeys = {
  all: ['favorites'] as const,
  list: (memberId: string) => [...favoriteKeys.all, 'list', memberId] as const,
  check: (memberId: string, providerId: string) => [...favoriteKeys.all, 'check', memberId, providerId] as const,
};

/** Whether the provider is among the member's favourites; asked only when `enabled`. */
export function useFavoriteCheck(memberId: string | undefined, providerId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: favoriteKeys.check(memberId ?? '', providerId ?? ''),
    queryFn: async ({ signal }) =>
      (await call(favoriteEndpoints.check, { liked_by: memberId ?? '', liked_to: providerId ?? '' }, { signal })).data,
    enabled: enabled && Boolean(memberId && providerId),
    staleTime: 0,
  });
}

export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { liked_by: string; liked_to: string }) => call(favoriteEndpoints.add, body),
    onSuccess: (response, body) => {
      queryClient.setQueryData<FavoriteCheck>(favoriteKeys.check(body.liked_by, body.liked_to), {
        isFavorite: true,
        _id: response.data._id,
      });
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.list(body.liked_by) });
    },
  });
}

export function useFavorites(memberId: string) {
  return useInfiniteQuery({
    queryKey: favoriteKeys.list(memberId),
    queryFn: ({ pageParam, signal }) =>
      call(
        favoriteEndpoints.list,
        { liked_by: memberId },
        { query: { page: pageParam, limit: providerPageSize }, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    select: (result) => result.pages.flatMap((page) => page.data),
  });
}

/** Removes a favourite; the caller reloads the list when it wants to (the page waits 1 s). */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: { _id: string; liked_by: string; liked_to: string }) =>
      call(favoriteEndpoints.remove, undefined, { params: { id: favorite._id } }),
    onSuccess: (_response, favorite) => {
      queryClient.setQueryData<FavoriteCheck>(favoriteKeys.check(favorite.liked_by, favorite.liked_to), {
        isFavorite: false,
        _id: null,
      });
    },
  });
}
