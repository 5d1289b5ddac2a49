// The admin's content, administrators only: the FAQ list of /faq (a page and its Excel export,
// platform/listing.ts), adding, changing and deleting an FAQ, and writing the terms and the
// privacy policy (/termscondition, /privacypolicy). The public reads are content.routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok, okMessage } from '../../../contract/common.js';
import {
  contentPageBody,
  contentPageParam,
  contentText,
  faq,
  faqBody,
  faqIdParam,
  faqListQuery,
  faqRow,
  updateFaqBody,
} from '../../../contract/content.js';
import { notice } from '../../../contract/messages.js';
import { adminLists } from '../../../contract/endpoints/listings.js';
import { api } from '../../../contract/paths.js';
import { registerListing } from '../../platform/listing.js';
import { requireAdmin } from '../auth/auth.guard.js';
import * as content from './content.service.js';
import { faqListing } from './faqs.admin.listing.js';

const tags = ['content'];
/** The list keeps the tag of the back-office's other lists in the OpenAPI document. */
const listTags = ['admin'];
const security = [{ bearer: [] }];
const refusals = { 400: failure, 401: failure, 403: failure, 404: failure };

export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const adminOnly = requireAdmin();

  registerListing(app, {
    endpoint: adminLists.faqs,
    guard: adminOnly,
    listing: faqListing,
    query: faqListQuery,
    row: faqRow,
    tags: listTags,
    summary: "FAQs (/faq, 'Common Questions'), oldest first like the public list; q searches title and about",
  });

  app.post(
    api.addFaq,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Adds an FAQ (title and about, both required); it shows at the end of the public list at once',
        body: faqBody,
        response: { 200: ok(faq), ...refusals },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: notice.submitted,
      data: await content.addFaq(db(), request.body),
    }),
  );

  app.post(
    api.updateFaq,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Changes the title and about of an FAQ (_id); 404 for an unknown one',
        body: updateFaqBody,
        response: { 200: ok(faq), ...refusals },
      },
    },
    async (request) => {
      const { _id, ...input } = request.body;
      return { status: 1 as const, message: notice.submitted, data: await content.updateFaq(db(), _id, input) };
    },
  );

  app.get(
    api.deleteFaq,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Deletes an FAQ (a GET: Bearer tokens only, so no cross-site request can do it); 404 for an unknown one',
        params: faqIdParam,
        response: { 200: okMessage, ...refusals },
      },
    },
    async (request) => {
      await content.deleteFaq(db(), request.params.id);
      return { status: 1 as const, message: notice.userDeleted };
    },
  );

  app.post(
    api.adminContentPage,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Writes the terms (key terms, /terms_conditions) or the privacy policy (key privacy, /Privacy_Policy); required, at most 100,000 characters',
        params: contentPageParam,
        body: contentPageBody,
        response: { 200: ok(contentText), ...refusals },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: notice.submitted,
      data: await content.savePageText(db(), request.params.key, request.body.about),
    }),
  );
};
