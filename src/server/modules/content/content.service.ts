// Public content: the FAQ list, the terms and conditions and the privacy policy.
import { asc, eq } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import type { ContentText, Faq } from '../../../contract/content.js';
import type { Db } from '../../db/client.js';
import { countRows, offsetOf, type Page, pageOf, totalOver } from '../../db/paging.js';
import { contentPages, faqs } from '../../db/schema.js';

/** FAQs oldest first. */
export async function listFaqs(db: Db, query: PageQuery): Promise<Page<Faq>> {
  const rows = await db
    .select({ _id: faqs.id, title: faqs.title, about: faqs.about, total: totalOver() })
    .from(faqs)
    .orderBy(asc(faqs.createdAt), asc(faqs.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return pageOf(rows, query, () => countRows(db, faqs));
}

export type PageKey = (typeof contentPages.key.enumValues)[number];

/**
 * The text of the terms or the privacy page. Before an admin has written it the page is empty
 * (about and updatedAt both ''), not missing: the public pages render an empty text, not an error.
 */
export async function pageText(db: Db, key: PageKey): Promise<ContentText> {
  const [row] = await db
    .select({ about: contentPages.about, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(eq(contentPages.key, key))
    .limit(1);
  return row ? { about: row.about, updatedAt: row.updatedAt.toISOString() } : { about: '', updatedAt: '' };
}
