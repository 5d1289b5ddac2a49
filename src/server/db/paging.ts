// Server-side pages: one query per page, `count(*) over ()` carrying the total
// next to the rows.
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { PageMeta, PageQuery } from '../../contract/common.js';
import type { Queryable } from './client.js';

export interface Page<T> {
  items: T[];
  meta: PageMeta;
}

/** The total of the whole list, computed with the rows (before LIMIT). */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

export const offsetOf = (query: PageQuery) => (query.page - 1) * query.limit;

/**
 * Rows read with `totalOver()` know their total; a page past the end has no row to carry it,
 * so only then is the list counted on its own.
 */
export async function pageOf<R extends { total: number }>(
  rows: R[],
  query: PageQuery,
  countAll: () => Promise<number>,
): Promise<Page<Omit<R, 'total'>>> {
  const total = rows[0]?.total ?? (query.page > 1 ? await countAll() : 0);
  return {
    items: rows.map(({ total: _total, ...item }) => item),
    meta: { page: query.page, limit: query.limit, total },
  };
}

/** The whole list's size, for `pageOf` when a page past the end carries no total. */
export async function countRows(db: Queryable, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
