// The calls of /faq, /termscondition and /privacypolicy, each beside what it invalidates: the
// admin FAQ list, and the public pages' copies (features/content), so those show an edit at once.
import { useMutation } from '@tanstack/react-query';
import type { ContentPageKey, FaqBody, UpdateFaqBody } from '../../../../contract/content.js';
import { contentAdminEndpoints } from '../../../../contract/endpoints/content.js';
import { api } from '../../../../contract/paths.js';
import { call } from '../../../lib/api.js';
import { useContentChanged } from '../api.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

/** After an FAQ changes: the admin list on screen and the public FAQ list. */
function useFaqsChanged() {
  const invalidateList = useInvalidateList();
  const content = useContentChanged();
  return () => Promise.all([invalidateList(api.adminFaqs), content.faqs()]);
}

export function useAddFaq() {
  const changed = useFaqsChanged();
  return useMutation({ mutationFn: (body: FaqBody) => call(contentAdminEndpoints.addFaq, body), onSuccess: changed });
}

export function useUpdateFaq() {
  const changed = useFaqsChanged();
  return useMutation({
    mutationFn: (body: UpdateFaqBody) => call(contentAdminEndpoints.updateFaq, body),
    onSuccess: changed,
  });
}

/** GET /services/deletefaq/:id: the delete is a GET (the API's paths are kept as they are). */
export function useDeleteFaq() {
  const changed = useFaqsChanged();
  return useMutation({
    mutationFn: (id: string) => call(contentAdminEndpoints.deleteFaq, undefined, { params: { id } }),
    onSuccess: changed,
  });
}

/** Saves the terms or the privacy text; the public page's cached copy becomes the saved one. */
export function useSavePage(key: ContentPageKey) {
  const content = useContentChanged();
  return useMutation({
    mutationFn: async (about: string) =>
      (await call(contentAdminEndpoints.savePage, { about }, { params: { key } })).data,
    onSuccess: (saved) => content.page(key, saved),
  });
}
