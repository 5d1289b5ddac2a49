// The one way a list is read. Paging: a page is `limit` rows from `offsetOf(query)`, and its meta
// (`metaOf`) says which page it is and how long the whole list is; a member-facing list reads its
// total with the rows (`totalOver`, `pageOf`). Back-office lists: a page, a search text and one
// sortable column, decided by the database, and the same filtered list as a streamed Excel file.
// Each declares a `Listing` (most of them with `selectListing`: one SELECT, its filter and its
// row); its routes call `registerListing` (or `listPage` and `sendExport`).
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { asc, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { exportSuffix, xlsxType, type ListQuery } from '../../contract/admin.js';
import { failure, okPage, type PageMeta, type PageQuery } from '../../contract/common.js';
import type { Endpoint } from '../../contract/endpoint.js';
import type { Db, Queryable } from '../db/client.js';

// ---------------------------------------------------------------- paging

export interface Page<T> {
  items: T[];
  meta: PageMeta;
}

export const offsetOf = (query: PageQuery) => (query.page - 1) * query.limit;

/** The meta of the page `query` asks for, in a list of `total` rows. */
export const metaOf = (query: PageQuery, total: number): PageMeta => ({
  page: query.page,
  limit: query.limit,
  total,
});

/** The total of the whole list, computed with the rows (before LIMIT). */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

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
  return { items: rows.map(({ total: _total, ...item }) => item), meta: metaOf(query, total) };
}

/** The whole list's size, for `pageOf` when a page past the end carries no total. */
export async function countRows(db: Queryable, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- back-office lists

export type Cell = string | number | boolean | Date | null | undefined;

export interface SheetColumn<Row> {
  header: string;
  /** Width in characters. */
  width?: number;
  cell: (row: Row) => Cell;
}

/** Where the rows come from: the window is the page (or an export batch) in the chosen order. */
export interface RowWindow {
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/**
 * What narrows a list: the search text (trimmed, never empty) and the list's own filters
 * (a provider's bookings, a status …), parsed by the list's query schema.
 */
export type ListFilter<F> = F & { q?: string };

export interface Listing<Row, K extends string, F = object> {
  /** Sort key → column or expression. */
  sorts: Record<K, PgColumn | SQL>;
  defaultSort: K;
  defaultOrder: 'asc' | 'desc';
  /** Makes the order total, so pages and export batches never repeat or skip a row. */
  tiebreak: PgColumn;
  /** The rows matching the filter, in the window. */
  rows: (db: Db, filter: ListFilter<F>, window: RowWindow) => Promise<Row[]>;
  /** How many rows match the filter. */
  count: (db: Db, filter: ListFilter<F>) => Promise<number>;
  sheet: { name: string; file: string; columns: SheetColumn<Row>[] };
}

/** `%text%` for ILIKE, with the user's `%`, `_` and `\` taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of `columns` contains the search text; no condition without one. */
export function searchIn(q: string | undefined, ...columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** A row whose creation time goes out as the lists give every time: ISO text. */
export const withIsoCreatedAt = <R extends { createdAt: Date }>(
  row: R,
): Omit<R, 'createdAt'> & { createdAt: string } => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** A `select({ n: count() })` statement, before its WHERE. */
interface CountStatement {
  where(where: SQL | undefined): PromiseLike<{ n: number }[]>;
}

interface SelectListing<Row, K extends string, F, Q extends PgSelect> extends Omit<
  Listing<Row, K, F>,
  'rows' | 'count' | 'defaultSort'
> {
  defaultSort: NoInfer<K>;
  /** The rows' columns, FROM and joins, not yet filtered (`.$dynamic()`). */
  select: (db: Db) => Q;
  /** The count's statement, joining only what `where` reads for this filter. */
  counted: (db: Db, filter: ListFilter<F>) => CountStatement;
  /** What the filter keeps (`db` builds a subquery, where one is needed). */
  where: (filter: ListFilter<F>, db: Db) => SQL | undefined;
  /** A row as read, as the list answers it. */
  row: (read: Awaited<Q>[number]) => Row;
}

/** A list read by one SELECT: the page, the export and the count share its filter. */
export function selectListing<Row, K extends string, F, Q extends PgSelect>({
  select,
  counted,
  where,
  row,
  ...listing
}: SelectListing<Row, K, F, Q>): Listing<Row, K, F> {
  return {
    ...listing,
    rows: async (db, filter, window) => {
      const read = await select(db)
        .where(where(filter, db))
        .orderBy(...window.orderBy)
        .limit(window.limit)
        .offset(window.offset);
      return read.map(row);
    },
    count: async (db, filter) => (await counted(db, filter).where(where(filter, db)))[0]?.n ?? 0,
  };
}

function orderOf<Row, K extends string, F>(
  listing: Listing<Row, K, F>,
  query: Pick<ListQuery<K>, 'sort' | 'order'>,
): SQL[] {
  const direction = (query.order ?? (query.sort ? 'asc' : listing.defaultOrder)) === 'asc' ? asc : desc;
  return [direction(listing.sorts[query.sort ?? listing.defaultSort]), asc(listing.tiebreak)];
}

/** The filter of a parsed query: page, limit and order dropped, an empty search left out. */
function filterOf<F>(query: ListQuery & F): ListFilter<F> {
  const { page: _page, limit: _limit, sort: _sort, order: _order, q, ...rest } = query;
  const text = q?.trim();
  return { ...(rest as F), ...(text ? { q: text } : {}) };
}

/** One page of a list and the size of the whole filtered list. */
export async function listPage<Row, K extends string, F>(
  db: Db,
  listing: Listing<Row, K, F>,
  query: ListQuery<K> & F,
): Promise<Page<Row>> {
  const filter = filterOf<F>(query);
  const window = { orderBy: orderOf(listing, query), limit: query.limit, offset: offsetOf(query) };
  const [items, total] = await Promise.all([listing.rows(db, filter, window), listing.count(db, filter)]);
  return { items, meta: metaOf(query, total) };
}

/** Rows read per statement while exporting: memory stays flat however long the list is. */
export const exportBatch = 1000;

/**
 * Streams the whole filtered list as an .xlsx: rows are read in batches and written to the zip
 * as they come, waiting whenever the client reads slower than the database answers. The first
 * batch is read before any header is sent, so a query that fails answers a JSON error rather than
 * a 200 cut mid-file.
 */
export async function sendExport<Row, K extends string, F>(
  reply: FastifyReply,
  db: Db,
  listing: Listing<Row, K, F>,
  query: ListQuery<K> & F,
) {
  const filter = filterOf<F>(query);
  const orderBy = orderOf(listing, query);
  const first = await listing.rows(db, filter, { orderBy, limit: exportBatch, offset: 0 });

  // Loaded at the first export, not at start: it is the heaviest module the server has.
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(listing.sheet.name);
  sheet.columns = listing.sheet.columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width ?? 20,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const write = async () => {
    let rows = first;
    for (let offset = 0; ;) {
      for (const row of rows) sheet.addRow(listing.sheet.columns.map((column) => column.cell(row) ?? null)).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
      if (rows.length < exportBatch) break;
      offset += exportBatch;
      rows = await listing.rows(db, filter, { orderBy, limit: exportBatch, offset });
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed');
    out.destroy(error as Error);
  });

  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', xlsxType)
    .header('content-disposition', `attachment; filename="${listing.sheet.file}-${stamp}.xlsx"`)
    .header('cache-control', 'no-store')
    .send(out);
}

interface ListingRoutes<Row, K extends string, F> {
  /** The list's entry in the contract's table: its path, and the rows the web expects of it. */
  endpoint: Endpoint<undefined, NoInfer<Row>[]>;
  /** Who may read the list (`requireAdmin()` for the back-office's). */
  guard: onRequestHookHandler;
  listing: Listing<Row, K, F>;
  /** `listQuery(sortKeys)`, extended with the list's own filters. */
  query: z.ZodType<ListQuery<K> & F>;
  row: z.ZodType<Row>;
  tags: string[];
  /** What the list holds, for the OpenAPI document. */
  summary: string;
}

/**
 * A list's two routes, both behind `guard`: `GET path` (a page) and `GET path/export` (the whole
 * filtered list as .xlsx).
 */
export function registerListing<Row, K extends string, F = object>(
  app: FastifyInstance,
  routes: ListingRoutes<Row, K, F>,
) {
  const { endpoint, guard, listing, query, row, tags, summary } = routes;
  const path = endpoint.path;
  const security = [{ bearer: [] }];
  const refusals = { 400: failure, 401: failure, 403: failure };
  app.withTypeProvider<ZodTypeProvider>().get(
    path,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: `${summary}: a page, searched with q and sorted by sort/order`,
        querystring: query,
        response: { 200: okPage(row), ...refusals },
      },
    },
    async (request) => {
      const page = await listPage(app.deps.database.db, listing, request.query as ListQuery<K> & F);
      return { status: 1 as const, data: page.items, meta: page.meta };
    },
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    `${path}${exportSuffix}`,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: `${summary}: the whole list filtered like the page, as a streamed Excel file (page and limit ignored)`,
        querystring: query,
        produces: [xlsxType],
      },
    },
    (request, reply) => sendExport(reply, app.deps.database.db, listing, request.query as ListQuery<K> & F),
  );
}
