// The public contact form (customer.md §2 /ContactUs, §7 POST /services/contact).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okMessage } from '../../../contract/common.js';
import { contactBody } from '../../../contract/content.js';
import { notice } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import * as support from './support.service.js';

const tags = ['support'];

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    api.contact,
    {
      schema: {
        tags,
        summary: 'Send a message to the support team (public); name, email and message are checked in that order',
        body: contactBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await support.saveContactMessage(app.deps.database.db, request.body);
      return { status: 1 as const, message: notice.contactSent };
    },
  );
};
