// Content: the public reads of the FAQ, terms and conditions and privacy policy, and
// the admin's edits of them (/faq, /termscondition, /privacypolicy). Nothing here
// is cached on the server, so the public pages show an edit on their next read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok, okMessage, okPage, pageQuery } from '../../../contract/common.js';
import {
  contentPageBody,
  contentPageParam,
  contentText,
  faq,
  faqBody,
  faqIdParam,
  updateFaqBody,
} from '../../../contract/content.js';
import { notice } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { requireAdmin } from '../auth/auth.guard.js';
import * as content from './content.service.js';

const tags = ['content'];
const security = [{ bearer: [] }];
const refusals = { 400: failure, 401: failure, 403: failure, 404: failure };

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    api.faq,
    {
      schema: {
        tags,
        summary: 'Frequently asked questions, oldest first',
        querystring: pageQuery,
        response: { 200: okPage(faq) },
      },
    },
    async (request) => {
      const { items, meta } = await content.listFaqs(db(), request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.get(
    api.termsCondition,
    {
      schema: {
        tags,
        summary: 'The terms and conditions text (about); empty about and updatedAt until an admin writes it',
        response: { 200: ok(contentText) },
      },
    },
    async () => ({ status: 1 as const, data: await content.pageText(db(), 'terms') }),
  );

  app.get(
    api.privacyPolicy,
    {
      schema: {
        tags,
        summary: 'The privacy policy text (about); empty about and updatedAt until an admin writes it',
        response: { 200: ok(contentText) },
      },
    },
    async () => ({ status: 1 as const, data: await content.pageText(db(), 'privacy') }),
  );

  app.post(
    api.addFaq,
    {
      onRequest: requireAdmin(),
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
      onRequest: requireAdmin(),
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
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary:
          'Deletes an FAQ (a GET, as the spec calls it: Bearer tokens only, so no cross-site request can do it); 404 for an unknown one',
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
      onRequest: requireAdmin(),
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
