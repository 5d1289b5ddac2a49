// The content calls (paths/content.ts): the public FAQ, terms and privacy, and the admin's edits of
// them, typed by the schemas of content.ts.
import type { z } from 'zod';
import type { contentPageBody, contentText, faq, faqBody, updateFaqBody } from '../content.js';
import { adminOnly, getting, posting } from '../endpoint.js';
import { api } from '../paths/content.js';

type Text = z.infer<typeof contentText>;
type Faq = z.infer<typeof faq>;

export const contentEndpoints = {
  faqs: getting<Faq[]>(api.faq),
  terms: getting<Text>(api.termsCondition),
  privacy: getting<Text>(api.privacyPolicy),
};

export const contentAdminEndpoints = adminOnly({
  addFaq: posting<z.input<typeof faqBody>, Faq>(api.addFaq),
  updateFaq: posting<z.input<typeof updateFaqBody>, Faq>(api.updateFaq),
  /** A GET, the API's path as it is; deletes the FAQ and answers a message. */
  deleteFaq: getting<undefined>(api.deleteFaq),
  savePage: posting<z.input<typeof contentPageBody>, Text>(api.adminContentPage),
});
