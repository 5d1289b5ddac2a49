// Content: the public reads of the FAQ, terms and conditions and privacy policy. The admin's
// edits of them are in content.admin.routes.ts. Nothing here is cached on the server, so the
// public pages show an edit on their next read.
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
};
