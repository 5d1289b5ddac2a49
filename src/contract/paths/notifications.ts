// Notifications and the live stream. Web routes and API paths (relative to `/v1`).

export const routes = {
  notifications: '/Notifications',
} as const;

export const api = {
  notificationList: '/services/notificationList/:userId',
  notificationsRead: '/services/notifications/read',
  notificationsUnread: '/services/notifications/unread',
  liveEvents: '/live',
} as const;
