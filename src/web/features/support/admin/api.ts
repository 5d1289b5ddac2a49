// The calls of /support, /tickets, /ticketdetail and /notification, each beside its cache key.
// The lists themselves load through the listing machinery (listing/useListing.ts).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportAdminEndpoints } from '../../../../contract/endpoints/support.js';
import { walletAdminEndpoints } from '../../../../contract/endpoints/wallet.js';
import { api } from '../../../../contract/paths.js';
import type { ReplybackBody, TicketReply } from '../../../../contract/support.js';
import { call, type Envelope } from '../../../lib/api.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

/** Replies read per page of a ticket's thread (the server allows up to 100). */
const threadPageSize = 50;

export const ticketKeys = {
  all: ['admin', 'ticket'] as const,
  detail: (id: string) => [...ticketKeys.all, id, 'detail'] as const,
  replies: (id: string) => [...ticketKeys.all, id, 'replies'] as const,
};

/** POST /services/replayback ('ADD DETAILS'); the /support list reloads in place after it. */
export function useReplyToSupport() {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (body: ReplybackBody) => call(supportAdminEndpoints.replyToContact, body),
    onSuccess: () => invalidate(api.adminSupport),
  });
}

export function useTicket(id: string | null) {
  return useQuery({
    queryKey: ticketKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await call(supportAdminEndpoints.ticket, undefined, { params: { id: id ?? '' }, signal })).data,
    enabled: id !== null,
  });
}

/** The thread oldest first; `fetchNextPage` reads the later replies ('Show more'). */
export function useTicketReplies(id: string | null) {
  return useInfiniteQuery({
    queryKey: ticketKeys.replies(id ?? ''),
    queryFn: ({ pageParam, signal }) =>
      call(supportAdminEndpoints.replies, undefined, {
        params: { id: id ?? '' },
        signal,
        query: { page: pageParam, limit: threadPageSize },
      }),
    initialPageParam: 1,
    getNextPageParam: (last: Envelope<TicketReply[]>, all: Envelope<TicketReply[]>[]) => {
      const loaded = all.reduce((n, page) => n + page.data.length, 0);
      return last.meta && last.data.length > 0 && loaded < last.meta.total ? last.meta.page + 1 : undefined;
    },
    select: (result) => result.pages.flatMap((page) => page.data),
    enabled: id !== null,
  });
}

/** After a reply or a resolve: the ticket, its thread and the /tickets list are read again. */
function useTicketChanged(id: string) {
  const queryClient = useQueryClient();
  const invalidateList = useInvalidateList();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ticketKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: ticketKeys.replies(id) }),
      invalidateList(api.adminTicketsListing),
    ]);
}

export function useReplyToTicket(id: string) {
  const changed = useTicketChanged(id);
  return useMutation({
    mutationFn: (message: string) => call(supportAdminEndpoints.reply, { message }, { params: { id } }),
    onSuccess: changed,
  });
}

export function useResolveTicket(id: string) {
  const changed = useTicketChanged(id);
  return useMutation({
    mutationFn: () => call(supportAdminEndpoints.resolve, undefined, { params: { id } }),
    onSuccess: changed,
  });
}

/** POST /transaction/sendDistributionNotification ('Post Now'); the sent list reloads. */
export function useBroadcast() {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (message: string) => call(walletAdminEndpoints.broadcast, { message }),
    onSuccess: () => invalidate(api.adminBroadcasts),
  });
}

/**
 * GET /admin/broadcasts/recipients while 'Post Now' asks: read again on each question (never from
 * the cache), so the number named is the one the broadcast reaches.
 */
export function useBroadcastRecipients(asking: boolean) {
  return useQuery({
    queryKey: ['admin', 'broadcast', 'recipients'] as const,
    queryFn: async ({ signal }) =>
      (await call(supportAdminEndpoints.broadcastRecipients, undefined, { signal })).data.members,
    enabled: asking,
    staleTime: 0,
  });
}
