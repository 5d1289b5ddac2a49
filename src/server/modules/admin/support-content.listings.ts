// The admin lists of the support and content domains: /support, /tickets, /notification's sent
// broadcasts and /faq, each a page plus its streamed export (listing.ts).
import type { FastifyInstance } from 'fastify';
import { faqListQuery, faqRow } from '../../../contract/content.js';
import { api } from '../../../contract/paths.js';
import { broadcastListQuery, broadcastRow, supportListQuery, supportRow, ticketListQuery, ticketRow } from '../../../contract/support.js';
import { broadcastListing } from './broadcasts.listing.js';
import { faqListing } from './faqs.listing.js';
import { registerListing } from './listing.js';
import { supportListing } from './support.listing.js';
import { ticketListing } from './tickets.listing.js';

export function registerSupportContentListings(app: FastifyInstance, tags: string[]) {
  registerListing(app, {
    path: api.adminSupport,
    listing: supportListing,
    query: supportListQuery,
    row: supportRow,
    tags,
    summary: 'Contact messages (/support), newest first; q searches name, email and message',
  });
  registerListing(app, {
    path: api.adminTicketsListing,
    listing: ticketListing,
    query: ticketListQuery,
    row: ticketRow,
    tags,
    summary: "Tickets (/tickets) with the member's name and email, newest first; q searches email, name, subject and message; status narrows",
  });
  registerListing(app, {
    path: api.adminBroadcasts,
    listing: broadcastListing,
    query: broadcastListQuery,
    row: broadcastRow,
    tags,
    summary: 'Broadcast notifications sent to every member (/notification), newest first, with the admin who sent each; q searches the text',
  });
  registerListing(app, {
    path: api.adminFaqs,
    listing: faqListing,
    query: faqListQuery,
    row: faqRow,
    tags,
    summary: "FAQs (/faq, 'Common Questions'), oldest first like the public list; q searches title and about",
  });
}
