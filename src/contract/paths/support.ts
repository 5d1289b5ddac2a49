// Contact, tickets and the admin's support screens. Web routes and API paths (relative to `/v1`).

export const routes = {
  support: '/support',
  tickets: '/tickets',
  ticketDetail: '/ticketdetail',
  notification: '/notification',
  newTicket: '/tickets/new',
  myTickets: '/my-tickets',
  /** One of the member's tickets: `/my-tickets/<id>`. */
  myTicket: '/my-tickets/:id',
} as const;

export const api = {
  contact: '/services/contact',
  memberTickets: '/tickets',
  myTicketsList: '/tickets/mine',
  memberTicket: '/tickets/:id',
  memberTicketReplies: '/tickets/:id/replies',
  memberTicketReply: '/tickets/:id/reply',
  adminSupport: '/admin/support',
  replayback: '/services/replayback',
  adminTicketsListing: '/users/adminticketsListing',
  adminTicket: '/admin/tickets/:id',
  adminTicketReplies: '/admin/tickets/:id/replies',
  adminTicketReply: '/admin/tickets/:id/reply',
  adminTicketResolve: '/admin/tickets/:id/resolve',
  adminBroadcasts: '/admin/broadcasts',
  /** How many members a broadcast sent now reaches: the count 'Post Now' asks about. */
  adminBroadcastRecipients: '/admin/broadcasts/recipients',
} as const;
