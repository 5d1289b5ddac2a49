// The calls of messages between members (paths/messages.ts), typed by the schemas of
// conversations.ts and notifications.ts.
import type { z } from 'zod';
import type {
  chatMessage,
  chatPartner,
  conversation,
  sendMessageBody,
  threadBody,
  threadPage,
} from '../conversations.js';
import { getting, posting } from '../endpoint.js';
import type { unreadCount } from '../notifications.js';
import { api } from '../paths/messages.js';

export const messageEndpoints = {
  conversations: getting<z.infer<typeof conversation>[]>(api.messageList),
  /** A POST that reads (and marks the partner's messages read); the envelope also holds `partner`. */
  thread: posting<z.input<typeof threadBody>, z.infer<typeof threadPage>['data']>(api.messageListDetail),
  send: posting<z.input<typeof sendMessageBody>, z.infer<typeof chatMessage>>(api.sendMessage),
  contacts: getting<z.infer<typeof chatPartner>[]>(api.messageContacts),
  unread: getting<z.infer<typeof unreadCount>>(api.messagesUnread),
};
