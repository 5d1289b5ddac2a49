// Messages between members (sendMessage, messageList, messageListDetail) and their unread count.
// Identity comes from the session: ids the old clients send must be the caller's own (403).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failure, ok, okPage, pageQuery } from '../../../contract/common.js';
import {
  chatMessage,
  chatPartner,
  contactLimit,
  conversation,
  messageLimits,
  sendMessageBody,
  threadBody,
  threadPage,
  userIdParam,
} from '../../../contract/conversations.js';
import { notice, serverError, validation } from '../../../contract/messages.js';
import { unreadCount } from '../../../contract/notifications.js';
import { api } from '../../../contract/paths.js';
import { notFound } from '../../errors.js';
import { assertSelf, caller, requireMember } from '../auth/auth.guard.js';
import * as messages from './messages.service.js';
import { perAddress, perMember } from '../../platform/rate-limit.js';

const tags = ['messages'];
const security = [{ bearer: [] }];
const refusals = { 400: failure, 401: failure, 403: failure, 404: failure };
const sentMessage = ok(chatMessage);
const conversationPage = okPage(conversation);
const contactList = ok(z.array(chatPartner));
const unread = ok(unreadCount);

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.post(
    api.sendMessage,
    {
      config: { limits: [perMember('messages', 30, '1 minute'), perAddress('messages', 120, '1 minute')] },
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: 'Send a message to a member; the sender is the caller (a fromUser other than the caller is refused)',
        description: `Stores the message, notifies the recipient and sends a live \`message\` event to both members. Blank: '${validation.emptyMsg}' (400); at most ${messageLimits.max} characters; to yourself: 400; unknown or blocked recipient: 404.`,
        body: sendMessageBody,
        response: { 200: sentMessage, ...refusals },
      },
    },
    async (request) => {
      const user = caller(request);
      if (request.body.fromUser !== undefined) assertSelf(request, request.body.fromUser);
      const sent = await messages.sendMessage(db(), user, request.body.toUser, request.body.message);
      return { status: 1 as const, message: notice.sendSuccessfully, data: sent };
    },
  );

  app.get(
    api.messageContacts,
    {
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: 'Whom the caller may start a conversation with',
        description: `The providers the caller booked or favourited, not blocked, with no message between them yet, by name; at most ${contactLimit}.`,
        response: { 200: contactList, 401: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await messages.listContacts(db(), caller(request).id) }),
  );

  app.get(
    api.messagesUnread,
    {
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: 'How many messages to the caller are unread, from every partner',
        description: 'Reading a thread (messageListDetail) marks its incoming messages read.',
        response: { 200: unread, 401: failure },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: { count: await messages.countUnreadMessages(db(), caller(request).id) },
    }),
  );

  app.get(
    api.messageList,
    {
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary:
          "The caller's conversations, latest first: partner, last message, its time and the partner's unread count",
        params: userIdParam,
        querystring: pageQuery,
        response: { 200: conversationPage, 401: failure, 403: failure },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const { items, meta } = await messages.listConversations(db(), caller(request).id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.post(
    api.messageListDetail,
    {
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary:
          'The messages between the caller (fromUser) and toUser, newest first, with the partner; marks the incoming ones read, and the partner’s “new message” notification',
        body: threadBody,
        querystring: pageQuery,
        response: { 200: threadPage, ...refusals },
      },
    },
    async (request) => {
      assertSelf(request, request.body.fromUser);
      const me = caller(request);
      const partner = await messages.findPartner(db(), request.body.toUser, true);
      if (!partner || partner._id === me.id) throw notFound(serverError.memberNotFound);
      const { items, meta } = await messages.readThread(db(), me.id, partner._id, request.query);
      return { status: 1 as const, data: items, meta, partner };
    },
  );
};
