// The back-office's support, administrators only: the lists of contact messages (/support) and
// tickets (/tickets), each a page and its Excel export (platform/listing.ts); the admin's answer
// to a contact message (POST /services/replayback) and the admin's ticket work (/ticketdetail).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok, okPage, pageQuery } from '../../../contract/common.js';
import { adminSupportText, notice } from '../../../contract/messages.js';
import { adminLists } from '../../../contract/endpoints/listings.js';
import { api } from '../../../contract/paths.js';
import {
  replybackBody,
  replybackResult,
  supportListQuery,
  supportRow,
  ticketDetail,
  ticketIdParam,
  ticketListQuery,
  ticketReply,
  ticketReplyBody,
  ticketReplyResult,
  ticketResolveResult,
  ticketRow,
} from '../../../contract/support.js';
import { registerListing } from '../../platform/listing.js';
import { deliverSoon } from '../../jobs.js';
import { caller, requireAdmin } from '../auth/auth.guard.js';
import { supportListing } from './support.admin.listing.js';
import * as support from './support.service.js';
import { ticketListing } from './tickets.admin.listing.js';
import * as tickets from './tickets.admin.service.js';
import { listReplies } from './tickets.service.js';

const tags = ['support'];
/** The lists keep the tag of the back-office's other lists in the OpenAPI document. */
const listTags = ['admin'];
const security = [{ bearer: [] }];
const refusals = { 400: failure, 401: failure, 403: failure, 404: failure };

export const supportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const adminOnly = requireAdmin();

  registerListing(app, {
    endpoint: adminLists.support,
    guard: adminOnly,
    listing: supportListing,
    query: supportListQuery,
    row: supportRow,
    tags: listTags,
    summary: 'Contact messages (/support), newest first; q searches name, email and message',
  });
  registerListing(app, {
    endpoint: adminLists.tickets,
    guard: adminOnly,
    listing: ticketListing,
    query: ticketListQuery,
    row: ticketRow,
    tags: listTags,
    summary:
      "Tickets (/tickets) with the member's name and email, newest first; q searches email, name, subject and message; status narrows",
  });

  app.post(
    api.replayback,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "Answers a contact message by mail (the 'ADD DETAILS' modal of /support); the message becomes replied",
        description:
          'Email and Message are required (Email defaults to the sender on the screen); _id is the support message. ' +
          'The reply is stored with the admin, the status set and the mail written to the outbox in one transaction; ' +
          'the job queue sends the mail after the commit, retrying while the mail server fails.',
        body: replybackBody,
        response: { 200: ok(replybackResult), ...refusals },
      },
    },
    async (request) => {
      const { Email, Message, _id } = request.body;
      await support.replyToSupport(db(), caller(request).id, { supportId: _id, email: Email, message: Message });
      deliverSoon(app.deps.jobs);
      return { status: 1 as const, message: notice.sentSuccessfully, data: { _id, status: 'replied' as const } };
    },
  );

  app.get(
    api.adminTicket,
    {
      onRequest: adminOnly,
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
      onRequest: adminOnly,
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
      const { items, meta } = await listReplies(db(), request.params.id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.post(
    api.adminTicketReply,
    {
      onRequest: adminOnly,
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
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Resolves a ticket and notifies the member (live); 409 when it is already resolved',
        params: ticketIdParam,
        response: { 200: ok(ticketResolveResult), ...refusals, 409: failure },
      },
    },
    async (request) => {
      await tickets.resolveTicket(db(), request.params.id);
      return {
        status: 1 as const,
        message: adminSupportText.ticketResolved,
        data: { _id: request.params.id, status: 'resolved' as const },
      };
    },
  );
};
