// Messages: the conversation list, a thread, and sending; each fetcher beside its cache key.
// The live stream invalidates `messageKeys.all` when a message arrives (features/live).
// Only types come from the contract, so no schema code rides along.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, ChatPartner, Conversation } from '../../../contract/conversations.js';
import { messageEndpoints } from '../../../contract/endpoints/messages.js';
import { call, type Envelope } from '../../lib/api.js';

export const messageKeys = {
  all: ['messages'] as const,
  conversations: (userId: string) => [...messageKeys.all, 'conversations', userId] as const,
  thread: (userId: string, partnerId: string) => [...messageKeys.all, 'thread', userId, partnerId] as const,
  contacts: (userId: string) => [...messageKeys.all, 'contacts', userId] as const,
  unread: (userId: string) => [...messageKeys.all, 'unread', userId] as const,
};

const conversationPageSize = 20;
const threadPageSize = 30;

type Paged<T> = Envelope<T[]>;
export type ThreadPage = Paged<ChatMessage> & { partner: ChatPartner };

/** The next page while the loaded rows are fewer than the total. */
function nextPage(last: Paged<unknown>, all: Paged<unknown>[]) {
  const loaded = all.reduce((n, page) => n + page.data.length, 0);
  return last.meta && last.data.length > 0 && loaded < last.meta.total ? last.meta.page + 1 : undefined;
}

/** Rows of several pages, once each: new rows shift offset pages, so a row can come twice. */
function uniqueById<T extends { _id: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row._id) && (seen.add(row._id), true));
}

export function fetchConversations(userId: string, page: number, signal?: AbortSignal) {
  return call(messageEndpoints.conversations, undefined, {
    params: { userId },
    query: { page, limit: conversationPageSize },
    signal,
  });
}

export const useConversations = (userId: string) =>
  useInfiniteQuery({
    queryKey: messageKeys.conversations(userId),
    queryFn: ({ pageParam, signal }) => fetchConversations(userId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    select: (result: InfiniteData<Paged<Conversation>>) => {
      const seen = new Set<string>();
      return result.pages
        .flatMap((page) => page.data)
        .filter((row) => !seen.has(row.user._id) && (seen.add(row.user._id), true));
    },
  });

/** The providers the member booked or favourited and has no conversation with yet. */
export const useContacts = (userId: string) =>
  useQuery({
    queryKey: messageKeys.contacts(userId),
    queryFn: async ({ signal }) => (await call(messageEndpoints.contacts, undefined, { signal })).data,
  });

export async function fetchUnreadMessages(signal?: AbortSignal): Promise<number> {
  return (await call(messageEndpoints.unread, undefined, { signal })).data.count;
}

/** The signed-in member's unread messages; 0 while loading, failing or signed out. */
export function useUnreadMessages(userId: string | undefined): number {
  const query = useQuery({
    queryKey: messageKeys.unread(userId ?? ''),
    queryFn: ({ signal }) => fetchUnreadMessages(signal),
    enabled: Boolean(userId),
  });
  return query.data ?? 0;
}

export async function fetchThread(
  userId: string,
  partnerId: string,
  page: number,
  signal?: AbortSignal,
): Promise<ThreadPage> {
  // The partner rides beside `data`, outside what the table's answer type describes.
  return (await call(
    messageEndpoints.thread,
    { fromUser: userId, toUser: partnerId },
    { query: { page, limit: threadPageSize }, signal },
  )) as ThreadPage;
}

/** The thread between the member and a partner, oldest first (pages come newest first). */
export const useThread = (userId: string, partnerId: string | null) =>
  useInfiniteQuery({
    queryKey: messageKeys.thread(userId, partnerId ?? ''),
    queryFn: ({ pageParam, signal }) => fetchThread(userId, partnerId ?? '', pageParam, signal),
    enabled: Boolean(partnerId),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    select: (result: InfiniteData<ThreadPage>) => ({
      partner: result.pages[0]?.partner ?? null,
      messages: uniqueById(result.pages.flatMap((page) => page.data)).reverse(),
    }),
  });

export interface SendMessageInput {
  toUser: string;
  message: string;
}

/** POST /services/sendMessage; the server takes the sender from the session. */
export async function sendMessage(input: SendMessageInput): Promise<ChatMessage> {
  return (await call(messageEndpoints.send, input)).data;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
