// Content reads (FAQ, terms, privacy) and the contact form's call, each beside its cache key.
// Only types come from the contract, so these hooks add no schema code to a page's bundle.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactBody, ContentText, Faq } from '../../../contract/content.js';
import { contentEndpoints } from '../../../contract/endpoints/content.js';
import { supportEndpoints } from '../../../contract/endpoints/support.js';
import { call, type Envelope } from '../../lib/api.js';

export const contentKeys = {
  all: ['content'] as const,
  faqs: () => [...contentKeys.all, 'faqs'] as const,
  terms: () => [...contentKeys.all, 'terms'] as const,
  privacy: () => [...contentKeys.all, 'privacy'] as const,
};

/** The server's default page (pageLimits.defaultSize): not imported, as contract/common.ts
 *  pulls zod in at run time and this module only needs the number. */
const faqPageSize = 20;

export function fetchFaqPage(page: number, signal?: AbortSignal): Promise<Envelope<Faq[]>> {
  return call(contentEndpoints.faqs, undefined, { query: { page, limit: faqPageSize }, signal });
}

/** The FAQ a page of 20 at a time; `fetchNextPage` brings the next one ('Show more'). */
export const useFaqs = () =>
  useInfiniteQuery({
    queryKey: contentKeys.faqs(),
    queryFn: ({ pageParam, signal }) => fetchFaqPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, page) => n + page.data.length, 0);
      // Without paging metadata, a full page may have a successor; a short one is the last.
      if (!last.meta) return last.data.length === faqPageSize ? all.length + 1 : undefined;
      return loaded < last.meta.total && last.data.length > 0 ? last.meta.page + 1 : undefined;
    },
    select: (result) => result.pages.flatMap((page) => page.data),
  });

export async function fetchTerms(signal?: AbortSignal): Promise<ContentText> {
  return (await call(contentEndpoints.terms, undefined, { signal })).data;
}

export async function fetchPrivacy(signal?: AbortSignal): Promise<ContentText> {
  return (await call(contentEndpoints.privacy, undefined, { signal })).data;
}

export const useTerms = () => useQuery({ queryKey: contentKeys.terms(), queryFn: ({ signal }) => fetchTerms(signal) });

export const usePrivacy = () =>
  useQuery({ queryKey: contentKeys.privacy(), queryFn: ({ signal }) => fetchPrivacy(signal) });

/** POST /services/contact. Resolves with the server's message; fails with an ApiError. */
export async function sendContact(body: ContactBody): Promise<string | undefined> {
  return (await call(supportEndpoints.contact, body)).message;
}

export const useContact = () => useMutation({ mutationFn: sendContact });

/**
 * For the admin's edits: the public FAQ, terms or privacy page shows the change at once. A text
 * the server answered with is put straight into the cache; otherwise the cached copy is dropped.
 */
export function useContentChanged() {
  const queryClient = useQueryClient();
  return {
    faqs: () => queryClient.invalidateQueries({ queryKey: contentKeys.faqs() }),
    page: (key: 'terms' | 'privacy', text: ContentText) =>
      queryClient.setQueryData(key === 'terms' ? contentKeys.terms() : contentKeys.privacy(), text),
  };
}
