// Messages between members. Web routes and API paths (relative to `/v1`).

export const routes = {
  messages: '/Messages_new',
} as const;

export const api = {
  messageList: '/services/messageList/:userId',
  messageListDetail: '/services/messageListDetail',
  sendMessage: '/services/sendMessage',
  messageContacts: '/messages/contacts',
  /** How many messages to the caller are unread (the header's Messages badge). */
  messagesUnread: '/messages/unread',
} as const;
