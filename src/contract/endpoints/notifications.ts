// The member's notifications (paths/notifications.ts), typed by the schemas of notifications.ts.
import type { NotificationItem, UnreadCount } from '../notifications.js';
import { getting, posting } from '../endpoint.js';
import { api } from '../paths/notifications.js';

export const notificationEndpoints = {
  list: getting<NotificationItem[]>(api.notificationList),
  unread: getting<UnreadCount>(api.notificationsUnread),
  markAllRead: posting<undefined, undefined>(api.notificationsRead),
};
