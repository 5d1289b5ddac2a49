// Pages whose data a notification announces (a booking accepted or moved, a withdraw paid out, a
// ticket answered) read it again when the unread count grows: the live stream carries the
// notification, not the rows that changed.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMemberUnreadCount } from './NotificationBell.js';

export function useRefreshOnNotification(queryKey: QueryKey) {
  const unread = useMemberUnreadCount();
  const queryClient = useQueryClient();
  const seen = useRef(unread);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (unread > seen.current) void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    seen.current = unread;
  }, [unread, queryClient, key]);
}
