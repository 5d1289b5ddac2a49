// Mounted once in the header for a signed-in member: follows the live stream and turns its
// events into cache invalidations, so open lists and threads refetch what changed.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../../contract/notifications.js';
import { session, useMemberSession } from '../../lib/session.js';
import { messageKeys } from '../messages/index.js';
import { announceNotification, notificationKeys } from '../notifications/index.js';
import { startLive } from './liveStream.js';

export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent) {
  switch (event.type) {
    case 'message':
    case 'messagesRead':
      return queryClient.invalidateQueries({ queryKey: messageKeys.all });
    case 'notification':
      if (event.data.kind !== 'read') announceNotification(queryClient);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    case 'resync': {
      // (Re)connected: what was read before now may have missed events; what was read since is fresh.
      const since = Date.now();
      const stale = { predicate: (query: { state: { dataUpdatedAt: number } }) => query.state.dataUpdatedAt < since };
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.all, ...stale }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all, ...stale }),
      ]);
    }
  }
}

/**
 * Runs `start` once the page's own loading is over (document loaded; no query fetching and no
 * resource finishing for `quietMs`; at most `maxWaitMs`), so the long-lived stream never competes
 * with the first screen's requests. Nothing is missed meanwhile: connecting triggers a resync.
 */
function whenSettled(queryClient: QueryClient, start: () => void, quietMs = 800, maxWaitMs = 10_000): () => void {
  const began = Date.now();
  let quietSince = began;
  const observer =
    typeof PerformanceObserver === 'function' ? new PerformanceObserver(() => (quietSince = Date.now())) : null;
  observer?.observe({ type: 'resource' });
  const timer = setInterval(() => {
    const now = Date.now();
    if (document.readyState !== 'complete' || queryClient.isFetching() > 0) quietSince = now;
    if (now - quietSince >= quietMs || now - began >= maxWaitMs) {
      stop();
      start();
    }
  }, 100);
  function stop() {
    clearInterval(timer);
    observer?.disconnect();
  }
  return stop;
}

/** Follows the member's live events while `token` is set. */
export function useLiveEvents(token: string | undefined, userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || !userId) return;
    return startLive({
      token,
      userId,
      onEvent: (event) => void applyLiveEvent(queryClient, event),
      // The session ended on the server (logout elsewhere, blocked): forget it here too.
      onRefused: (status) => {
        if (status === 401 && session.member()?.token === token) session.clear('member');
      },
      connectWhen: (connect) => whenSettled(queryClient, connect),
    });
  }, [token, userId, queryClient]);
}

export function LiveUpdates() {
  const member = useMemberSession();
  useLiveEvents(member?.token, member?.user._id);
  return null;
}
