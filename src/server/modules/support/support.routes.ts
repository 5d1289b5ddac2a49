// The public contact form (/ContactUs, POST /services/contact). The admin's answer to it, the
// admin's ticket work and the back-office's support lists are in support.admin.routes.ts; the
// member's tickets in tickets.routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okMessage } from '../../../contract/common.js';
import { contactBody } from '../../../contract/content.js';
import { notice } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { perAddress } from '../../platform/rate-limit.js';
import * as support from './support.service.js';

const tags = ['support'];

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    api.contact,
    {
      config: { limits: [perAddress('contact', 5, '1 hour')] },
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
