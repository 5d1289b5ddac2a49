// The FAQ as the admin manages it on /faq ('Common Questions'): oldest first like the public
// list, searched in title and about.
import { count, ilike, or, type SQL } from 'drizzle-orm';
import type { FaqRow, faqSorts } from '../../../contract/content.js';
import { adminContentText as c } from '../../../contract/messages.js';
import { faqs } from '../../db/schema.js';
import { containsPattern, type Listing } from '../../platform/listing.js';

const where = ({ q }: { q?: string }): SQL | undefined => {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(faqs.title, pattern), ilike(faqs.about, pattern));
};

export const faqListing: Listing<FaqRow, (typeof faqSorts)[number]> = {
  sorts: { createdAt: faqs.createdAt, title: faqs.title },
  defaultSort: 'createdAt',
  defaultOrder: 'asc',
  tiebreak: faqs.id,
  rows: async (db, filter, window) => {
    const rows = await db
      .select({ _id: faqs.id, title: faqs.title, about: faqs.about, createdAt: faqs.createdAt })
      .from(faqs)
      .where(where(filter))
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  },
  count: async (db, filter) => (await db.select({ n: count() }).from(faqs).where(where(filter)))[0]?.n ?? 0,
  sheet: {
    name: 'FAQ',
    file: 'faq',
    columns: [
      { header: c.title, width: 48, cell: (row) => row.title },
      { header: c.about, width: 90, cell: (row) => row.about },
    ],
  },
};
