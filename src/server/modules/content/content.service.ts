// Content: the FAQ list, the terms and conditions and the privacy policy, and the admin's edits.
import { asc, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import type { ContentText, Faq } from '../../../contract/content.js';
import { adminContentText as c } from '../../../contract/messages.js';
import { one, type Db } from '../../db/client.js';
import { countRows, offsetOf, type Page, pageOf, totalOver } from '../../platform/listing.js';
import { contentPages, faqs } from '../../db/schema.js';
import { notFound } from '../../errors.js';

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

// ---------------------------------------------------------------- the admin's edits (/faq, /termscondition, /privacypolicy)

export interface FaqInput {
  title: string;
  about: string;
}

export async function addFaq(db: Db, input: FaqInput): Promise<Faq> {
  return one(await db.insert(faqs).values(input).returning({ _id: faqs.id, title: faqs.title, about: faqs.about }));
}

/** 404 for an unknown id. */
export async function updateFaq(db: Db, id: string, input: FaqInput): Promise<Faq> {
  const [row] = await db
    .update(faqs)
    .set(input)
    .where(eq(faqs.id, id))
    .returning({ _id: faqs.id, title: faqs.title, about: faqs.about });
  if (!row) throw notFound(c.faqNotFound);
  return row;
}

/** An FAQ is only copy: nothing else refers to it, so it is deleted for good. 404 for an unknown id. */
export async function deleteFaq(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
  if (deleted.length === 0) throw notFound(c.faqNotFound);
}

/** Writes the terms or the privacy text (the first write creates the page). */
export async function savePageText(db: Db, key: PageKey, about: string): Promise<ContentText> {
  const rows = await db
    .insert(contentPages)
    .values({ key, about })
    .onConflictDoUpdate({ target: contentPages.key, set: { about, updatedAt: sql`now()` } })
    .returning({ about: contentPages.about, updatedAt: contentPages.updatedAt });
  const row = one(rows);
  return { about: row.about, updatedAt: row.updatedAt.toISOString() };
}
