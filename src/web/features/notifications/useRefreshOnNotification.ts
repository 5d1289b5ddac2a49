// Pages whose data a notification announces (a booking accepted, moved or set back, a withdraw
// paid out, a ticket answered) read it again when one is announced: the live stream carries the
// notification, not the rows that changed. Announced means a live notification event (one added,
// or one withdrawn, as Undo after Mark completed withdraws the customer's "completed"), or the
// unread count growing (read again after the stream was away).
import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMemberUnreadCount } from './NotificationBell.js';

/** How many notification events this tab has been told of: a counter kept in the query cache. */
const announcedKey = ['notification-announcements'] as const;

/** Called by the live stream for each notification event (not for "all read"). */
export function announceNotification(queryClient: QueryClient) {
  queryClient.setQueryData<number>(announcedKey, (count = 0) => count + 1);
}

export function useRefreshOnNotification(queryKey: QueryKey) {
  const unread = useMemberUnreadCount();
  const { data: announced } = useQuery({
    queryKey: announcedKey,
    queryFn: () => 0,
    enabled: false,
    initialData: 0,
    staleTime: Infinity,
  });
  const queryClient = useQueryClient();
  const seen = useRef({ unread, announced });
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (unread > seen.current.unread || announced !== seen.current.announced)
      void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    seen.current = { unread, announced };
  }, [unread, announced, queryClient, key]);
}
