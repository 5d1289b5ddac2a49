// The calls of /faq, /termscondition and /privacypolicy, each beside what it invalidates: the
// admin FAQ list, and the public pages' copies (features/content), so those show an edit at once.
import { useMutation } from '@tanstack/react-query';
import type { ContentPageKey, ContentText, Faq, FaqBody, UpdateFaqBody } from '../../../../contract/content.js';
import { api, fill } from '../../../../contract/paths.js';
import { get, post } from '../../../lib/api.js';
import { useContentChanged } from '../api.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

const admin = { scope: 'admin' } as const;

/** After an FAQ changes: the admin list on screen and the public FAQ list. */
function useFaqsChanged() {
  const invalidateList = useInvalidateList();
  const content = useContentChanged();
  return () => Promise.all([invalidateList(api.adminFaqs), content.faqs()]);
}

export function useAddFaq() {
  const changed = useFaqsChanged();
  return useMutation({ mutationFn: (body: FaqBody) => post<Faq>(api.addFaq, body, admin), onSuccess: changed });
}

export function useUpdateFaq() {
  const changed = useFaqsChanged();
  return useMutation({
    mutationFn: (body: UpdateFaqBody) => post<Faq>(api.updateFaq, body, admin),
    onSuccess: changed,
  });
}

/** GET /services/deletefaq/:id: the delete is a GET (the API's paths are kept as they are). */
export function useDeleteFaq() {
  const changed = useFaqsChanged();
  return useMutation({
    mutationFn: (id: string) => get<unknown>(fill(api.deleteFaq, { id }), admin),
    onSuccess: changed,
  });
}

/** Saves the terms or the privacy text; the public page's cached copy becomes the saved one. */
export function useSavePage(key: ContentPageKey) {
  const content = useContentChanged();
  return useMutation({
    mutationFn: async (about: string) =>
      (await post<ContentText>(fill(api.adminContentPage, { key }), { about }, admin)).data,
    onSuccess: (saved) => content.page(key, saved),
  });
}
