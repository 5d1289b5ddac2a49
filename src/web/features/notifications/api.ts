// Notifications: the list, the unread count (header badge) and mark-all-read, each beside its
// cache key. The live stream invalidates `notificationKeys.all` when one arrives (features/live).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '../../../contract/endpoints/notifications.js';
import type { NotificationItem } from '../../../contract/notifications.js';
import { call, type Envelope } from '../../lib/api.js';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => [...notificationKeys.all, 'list', userId] as const,
  unread: (userId: string) => [...notificationKeys.all, 'unread', userId] as const,
};

const pageSize = 20;

export function fetchNotifications(userId: string, page: number, signal?: AbortSignal) {
  return call(notificationEndpoints.list, undefined, { params: { userId }, query: { page, limit: pageSize }, signal });
}

export const useNotifications = (userId: string) =>
  useInfiniteQuery({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ pageParam, signal }) => fetchNotifications(userId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Envelope<NotificationItem[]>, all: Envelope<NotificationItem[]>[]) => {
      const loaded = all.reduce((n, page) => n + page.data.length, 0);
      return last.meta && last.data.length > 0 && loaded < last.meta.total ? last.meta.page + 1 : undefined;
    },
    select: (result) => {
      // A notification that arrives pushes the rest down a page: keep each one once.
      const seen = new Set<string>();
      return result.pages.flatMap((page) => page.data).filter((n) => !seen.has(n._id) && (seen.add(n._id), true));
    },
  });

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await call(notificationEndpoints.unread, undefined, { signal })).data.count;
}

/** The signed-in member's unread count; 0 while loading, failing or signed out. */
export function useUnreadCount(userId: string | undefined): number {
  const query = useQuery({
    queryKey: notificationKeys.unread(userId ?? ''),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled: Boolean(userId),
  });
  return query.data ?? 0;
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationEndpoints.markAllRead),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
