// The member's ticket calls (/v1/tickets*) and their TanStack Query hooks: open, list, one
// ticket, its thread, reply. A reply refreshes the ticket (its status) and its thread.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ticketEndpoints } from '../../../contract/endpoints/support.js';
import type { MemberReplyInput, NewTicketInput } from '../../../contract/member-tickets.js';
import { call } from '../../lib/api.js';

export const ticketKeys = {
  all: ['tickets', 'mine'] as const,
  list: (page: number) => [...ticketKeys.all, 'list', page] as const,
  ticket: (id: string) => [...ticketKeys.all, 'ticket', id] as const,
  replies: (id: string) => [...ticketKeys.all, 'ticket', id, 'replies'] as const,
};

/** Replies per page of the thread. */
export const threadPage = 50;

// POST /tickets { subject, message }
export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTicketInput) => call(ticketEndpoints.open, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

// GET /tickets/mine?page=
export function useMyTickets(page: number) {
  return useQuery({
    queryKey: ticketKeys.list(page),
    queryFn: async ({ signal }) => {
      const response = await call(ticketEndpoints.list, undefined, { signal, query: { page } });
      return {
        items: response.data,
        meta: response.meta ?? { page, limit: response.data.length, total: response.data.length },
      };
    },
    placeholderData: keepPreviousData,
  });
}

// GET /tickets/:id
export function useMyTicket(id: string | null) {
  return useQuery({
    queryKey: ticketKeys.ticket(id ?? ''),
    queryFn: async ({ signal }) =>
      (await call(ticketEndpoints.one, undefined, { params: { id: id ?? '' }, signal })).data,
    enabled: Boolean(id),
  });
}

// GET /tickets/:id/replies?page= (oldest first: a further page holds newer replies)
export function useTicketThread(id: string) {
  return useInfiniteQuery({
    queryKey: ticketKeys.replies(id),
    initialPageParam: 1,
    queryFn: async ({ signal, pageParam }) => {
      const response = await call(ticketEndpoints.replies, undefined, {
        params: { id },
        signal,
        query: { page: pageParam, limit: threadPage },
      });
      return { items: response.data, total: response.meta?.total ?? response.data.length, page: pageParam };
    },
    getNextPageParam: (last) => (last.page * threadPage < last.total ? last.page + 1 : undefined),
  });
}

// POST /tickets/:id/reply { message }
export function useReplyToMyTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberReplyInput) => call(ticketEndpoints.reply, body, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
