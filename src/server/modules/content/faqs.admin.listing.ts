// The FAQ as the admin manages it on /faq ('Common Questions'): oldest first like the public
// list, searched in title and about.
import { count } from 'drizzle-orm';
import type { FaqRow, faqSorts } from '../../../contract/content.js';
import { adminContentText as c } from '../../../contract/messages.js';
import { faqs } from '../../db/schema.js';
import { searchIn, selectListing, withIsoCreatedAt, type Listing } from '../../platform/listing.js';

export const faqListing: Listing<FaqRow, (typeof faqSorts)[number]> = selectListing({
  sorts: { createdAt: faqs.createdAt, title: faqs.title },
  defaultSort: 'createdAt',
  defaultOrder: 'asc',
  tiebreak: faqs.id,
  select: (db) =>
    db.select({ _id: faqs.id, title: faqs.title, about: faqs.about, createdAt: faqs.createdAt }).from(faqs).$dynamic(),
  counted: (db) => db.select({ n: count() }).from(faqs),
  where: ({ q }) => searchIn(q, faqs.title, faqs.about),
  row: withIsoCreatedAt,
  sheet: {
    name: 'FAQ',
    file: 'faq',
    columns: [
      { header: c.title, width: 48, cell: (row) => row.title },
      { header: c.about, width: 90, cell: (row) => row.about },
    ],
  },
});
