// Every user-facing string, verbatim where it is fixed (typos included: they are the contract).
// Change copy here and nowhere else.
// One module per domain in messages/; a new domain is its module plus one line here.

export * from './messages/common.js';
export * from './messages/admin.js';
export * from './messages/content.js';
export * from './messages/auth.js';
export * from './messages/providers.js';
export * from './messages/favorites.js';
export * from './messages/members.js';
export * from './messages/catalogue.js';
export * from './messages/bookings.js';
export * from './messages/chat.js';
export * from './messages/notifications.js';
export * from './messages/wallet.js';
export * from './messages/support.js';
export * from './messages/health.js';
export * from './messages/places.js';
export * from './messages/discovery.js';
export * from './messages/checkout.js';
