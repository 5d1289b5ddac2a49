// What notifications offer other features: the bell and unread count, the query keys the live
// stream refreshes, and a hook that refreshes a query when a notification arrives.
export { notificationKeys } from './api.js';
export { NotificationBell, UnreadBadge, useMemberUnreadCount } from './NotificationBell.js';
export { announceNotification, useRefreshOnNotification } from './useRefreshOnNotification.js';
