// Public content reads: FAQ, terms and conditions, privacy policy (customer.md §7, admin.md §7).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okPage, pageQuery } from '../../../contract/common.js';
import { contentText, faq } from '../../../contract/content.js';
import { api } from '../../../contract/paths.js';
import * as content from './content.service.js';

const tags = ['content'];

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    api.faq,
    { schema: { tags, summary: 'Frequently asked questions, oldest first', querystring: pageQuery, response: { 200: okPage(faq) } } },
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
};
