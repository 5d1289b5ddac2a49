// The public contact form (/ContactUs, POST /services/contact), the admin's
// answer to it (POST /services/replayback) and the admin's ticket work (/ticketdetail).
// The admin lists (/support, /tickets) are in admin/support-content.listings.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok, okMessage, okPage, pageQuery } from '../../../contract/common.js';
import { contactBody } from '../../../contract/content.js';
import { adminSupportText, notice } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import {
  replybackBody,
  replybackResult,
  ticketDetail,
  ticketIdParam,
  ticketReply,
  ticketReplyBody,
  ticketReplyResult,
  ticketResolveResult,
} from '../../../contract/support.js';
import { caller, requireAdmin } from '../auth/auth.guard.js';
import { publishNotification, type NotificationRow } from '../notifications/notifications.service.js';
import * as support from './support.service.js';
import * as tickets from './tickets.service.js';
import { perAddress } from '../../platform/rate-limit.js';

const tags = ['support'];
const security = [{ bearer: [] }];
const refusals = { 400: failure, 401: failure, 403: failure, 404: failure };

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  /** Stored is delivered: a page that misses the live event reads the notification on its next load. */
  const publish = (row: NotificationRow, log: { warn: (obj: object, msg: string) => void }) =>
    publishNotification(app.deps.live, row).catch((error: unknown) =>
      log.warn({ err: error }, 'live: ticket notification not published'),
    );

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

  app.post(
    api.replayback,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary: "Answers a contact message by mail (the 'ADD DETAILS' modal of /support); the message becomes replied",
        description:
          'Email and Message are required (Email defaults to the sender on the screen); _id is the support message. ' +
          'The reply is stored with the admin and the status set in one transaction; the mail is sent after the commit. ' +
          'A 502 means the reply is stored but the mail failed.',
        body: replybackBody,
        response: { 200: ok(replybackResult), ...refusals, 502: failure },
      },
    },
    async (request) => {
      const { Email, Message, _id } = request.body;
      await support.replyToSupport(db(), app.deps.mailer, caller(request).id, {
        supportId: _id,
        email: Email,
        message: Message,
      });
      return { status: 1 as const, message: notice.sentSuccessfully, data: { _id, status: 'replied' as const } };
    },
  );

  app.get(
    api.adminTicket,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary:
          'A ticket for /ticketdetail: subject, message, status (pending is shown In Progress), dates and the member',
        params: ticketIdParam,
        response: { 200: ok(ticketDetail), ...refusals },
      },
    },
    async (request) => ({ status: 1 as const, data: await tickets.ticketDetail(db(), request.params.id) }),
  );

  app.get(
    api.adminTicketReplies,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary:
          "A ticket's reply thread, oldest first, a page at a time; each reply names its author and whether it is an admin",
        params: ticketIdParam,
        querystring: pageQuery,
        response: { 200: okPage(ticketReply), ...refusals },
      },
    },
    async (request) => {
      const { items, meta } = await tickets.listReplies(db(), request.params.id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.post(
    api.adminTicketReply,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary:
          'Answers a ticket: the reply joins the thread, the member is notified (live) and a resolved ticket is open again',
        params: ticketIdParam,
        body: ticketReplyBody,
        response: { 200: ok(ticketReplyResult), ...refusals },
      },
    },
    async (request) => {
      const outcome = await tickets.replyToTicket(db(), caller(request).id, request.params.id, request.body.message);
      await publish(outcome.notification, request.log);
      return {
        status: 1 as const,
        message: notice.sentSuccessfully,
        data: { reply: outcome.reply, status: outcome.status },
      };
    },
  );

  app.post(
    api.adminTicketResolve,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary: 'Resolves a ticket and notifies the member (live); 409 when it is already resolved',
        params: ticketIdParam,
        response: { 200: ok(ticketResolveResult), ...refusals, 409: failure },
      },
    },
    async (request) => {
      const { notification } = await tickets.resolveTicket(db(), request.params.id);
      await publish(notification, request.log);
      return {
        status: 1 as const,
        message: adminSupportText.ticketResolved,
        data: { _id: request.params.id, status: 'resolved' as const },
      };
    },
  );
};
