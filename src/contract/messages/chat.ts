// Messages and notifications screens.

/** Messages and notifications screens (our wording where none is fixed). */
export const chatText = {
  dialogTitle: 'Message',
  dialogPlaceholder: 'Enter message',
  pagePlaceholder: 'Type your message here.......',
  send: 'Send',
  conversations: 'Conversations',
  noConversations: 'No conversations yet. Message a provider from their card to start one.',
  chooseConversation: 'Choose a conversation to read it.',
  noMessagesYet: 'No messages yet. Say hello!',
  showEarlier: 'Show earlier',
  backToConversations: 'Back to conversations',
  unreadMessages: 'unread messages',
  you: 'You',
  loginToMessage: 'Please log in to send a message.',
  newMessageFrom: 'New message from',
  notificationsHeading: 'Notifications',
  noNotifications: 'No notifications yet.',
  markAllRead: 'Mark all as read',
  unread: 'Unread',
  fromDoorstep: 'From Doorstep',
  openConversation: 'Open conversation',
  startConversation: 'Start a conversation',
  openBooking: 'Open booking',
  openTicket: 'Open ticket',
  openWallet: 'Open wallet',
  /** The header bell's name for screen readers: 'Notifications, 3 unread' (never just the menu item's 'Notifications'). */
  unreadCount: (count: number) => `Notifications, ${count > 0 ? count : 'none'} unread`,
  /** The header's Messages link with a count of unread messages. */
  unreadMessagesHint: (count: number) => `${count} unread`,
} as const;
