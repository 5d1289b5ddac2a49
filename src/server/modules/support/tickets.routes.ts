// The member's tickets: /tickets/new, /my-tickets and one ticket's thread.
// Signed-in members only; the owner comes from the session, another member's ticket is a 403.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok, okPage, pageQuery } from '../../../contract/common.js';
import { memberReplyBody, myTicket, newTicketBody } from '../../../contract/member-tickets.js';
import { notice } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { ticketIdParam, ticketReply, ticketReplyResult } from '../../../contract/support.js';
import { caller, requireMember } from '../auth/auth.guard.js';
import * as tickets from './tickets.service.js';
import { perAddress, perMember } from '../../platform/rate-limit.js';

const tags = ['support (member)'];
const security = [{ bearer: [] }];
const refusals = { 400: failure, 401: failure, 403: failure, 404: failure };

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const member = requireMember();

  app.post(
    api.memberTickets,
    {
      config: { limits: [perMember('tickets', 10, '1 hour'), perAddress('tickets', 30, '1 hour')] },
      onRequest: member,
      schema: {
        tags,
        security,
        summary:
          'Opens a ticket for the caller: subject (at most 150 characters) and message (at most 5000), both required; it starts pending (In Progress)',
        body: newTicketBody,
        response: { 200: ok(myTicket), 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: notice.submitted,
      data: await tickets.openTicket(db(), caller(request).id, request.body),
    }),
  );

  app.get(
    api.myTicketsList,
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "The caller's tickets, newest first, a page at a time",
        querystring: pageQuery,
        response: { 200: okPage(myTicket), 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => {
      const { items, meta } = await tickets.myTickets(db(), caller(request).id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.get(
    api.memberTicket,
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "One of the caller's tickets; another member's is refused with 403",
        params: ticketIdParam,
        response: { 200: ok(myTicket), ...refusals },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await tickets.myTicket(db(), caller(request).id, request.params.id),
    }),
  );

  app.get(
    api.memberTicketReplies,
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary:
          "The thread of one of the caller's tickets, oldest first, a page at a time: the admins' answers (author.admin) and the member's replies",
        params: ticketIdParam,
        querystring: pageQuery,
        response: { 200: okPage(ticketReply), ...refusals },
      },
    },
    async (request) => {
      const { items, meta } = await tickets.myTicketReplies(db(), caller(request).id, request.params.id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.post(
    api.memberTicketReply,
    {
      config: { limits: [perMember('ticket-replies', 30, '1 hour'), perAddress('ticket-replies', 120, '1 hour')] },
      onRequest: member,
      schema: {
        tags,
        security,
        summary:
          "The caller replies on their ticket; a resolved ticket is open (In Progress) again. Another member's ticket: 403",
        params: ticketIdParam,
        body: memberReplyBody,
        response: { 200: ok(ticketReplyResult), ...refusals },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: notice.sentSuccessfully,
      data: await tickets.replyAsMember(db(), caller(request).id, request.params.id, request.body.message),
    }),
  );
};
