// A member's notifications (notificationList) with the unread count and
// mark-all-read that the header badge and /Notifications use.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok, okMessage, okPage, pageQuery } from '../../../contract/common.js';
import { userIdParam } from '../../../contract/conversations.js';
import { notificationItem, unreadCount } from '../../../contract/notifications.js';
import { api } from '../../../contract/paths.js';
import { assertSelf, caller, requireMember } from '../auth/auth.guard.js';
import * as notifications from './notifications.service.js';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const notificationPage = okPage(notificationItem);
const unread = ok(unreadCount);

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    api.notificationList,
    {
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: "The caller's notifications and the admin broadcasts sent since they joined, newest first",
        description: 'A broadcast is read once the member has marked all read after it was sent.',
        params: userIdParam,
        querystring: pageQuery,
        response: { 200: notificationPage, 401: failure, 403: failure },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const { items, meta } = await notifications.listNotifications(db(), caller(request).id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.get(
    api.notificationsUnread,
    {
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: "How many of the caller's notifications are unread",
        response: { 200: unread, 401: failure },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: { count: await notifications.countUnread(db(), caller(request).id) },
    }),
  );

  app.post(
    api.notificationsRead,
    {
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: "Marks all the caller's notifications read, broadcasts included",
        response: { 200: okMessage, 401: failure },
      },
    },
    async (request) => {
      const me = caller(request);
      await notifications.markAllRead(db(), me.id);
      return { status: 1 as const, message: 'OK' };
    },
  );
};
