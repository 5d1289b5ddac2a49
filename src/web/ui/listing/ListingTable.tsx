// Every admin list looks and works the same: the page heading with its buttons, a
// search box, sortable column headers, the rows of one server page with loading, empty and error
// states, Previous/Next, and Export to Excel of the whole filtered list.
import { useState, type FormEvent, type ReactNode } from 'react';
import { exportSuffix } from '../../../contract/admin.js';
import type { Endpoint } from '../../../contract/endpoint.js';
import { adminListText as t, text } from '../../../contract/messages.js';
import { download } from '../../lib/api.js';
import { QueryState } from '../states.js';
import { Table } from '../Table.js';
import { useToast } from '../toast.js';
import { useListing, useListParams } from './useListing.js';
import pageHead from '../pageHead.module.css';
import styles from './listing.module.css';

export interface Column<Row> {
  header: string;
  /** The server's sort key, when the column can be sorted. */
  sort?: string;
  /** `number` is the row's place in the whole list (the '#' column). */
  cell: (row: Row, number: number) => ReactNode;
  /** Keeps the column narrow and its cells on one line. */
  narrow?: boolean;
}

interface ListingTableProps<Row> {
  title: string;
  /** The list's entry in the contract's table; its export is the same path plus /export. */
  endpoint: Endpoint<undefined, Row[]>;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  /** Buttons next to the heading (Add New, Create Booking …). */
  actions?: ReactNode;
  /** Filters of this list beyond page, search and sort (sent to the list and to the export). */
  extraQuery?: Record<string, string>;
  searchLabel?: string;
  exportable?: boolean;
  /** False when the list is part of a page that names the document itself. */
  documentTitle?: boolean;
  /** Keeps this list's page, search and sort apart in the URL when a page shows several lists. */
  paramPrefix?: string;
  /** 3 for a list inside a page that has its own h2. */
  headingLevel?: 2 | 3;
}

export function ListingTable<Row>({
  title,
  endpoint,
  columns,
  rowKey,
  actions,
  extraQuery = {},
  searchLabel = t.search,
  exportable = true,
  documentTitle = true,
  paramPrefix = '',
  headingLevel = 2,
}: ListingTableProps<Row>) {
  const [params, setParams] = useListParams(paramPrefix);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const list = useListing(endpoint, params, extraQuery);
  const path = endpoint.path;
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const titleId = `list-${path.replace(/\W+/g, '-')}`;

  const meta = list.data?.meta ?? { page: params.page, limit: 20, total: 0 };
  /** The first column that names a row: after the '#' of the lists that number their rows. */
  const lead = columns[0]?.header === t.number ? 1 : 0;
  const first = (meta.page - 1) * meta.limit;

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams({ q, page: 1 });
  };

  const onSort = (key: string) => {
    const order = params.sort === key && params.order !== 'desc' ? 'desc' : 'asc';
    setParams({ sort: key, order, page: 1 });
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await download(`${path}${exportSuffix}`, {
        scope: 'admin',
        query: { q: params.q, sort: params.sort, order: params.order, ...extraQuery },
      });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className={styles.listing} aria-labelledby={titleId}>
      {documentTitle && <title>{`${title} · ${text.brand}`}</title>}
      <div className={pageHead.head}>
        <Heading id={titleId} className={pageHead.title}>
          {title}
        </Heading>
        <div className={styles.actions}>
          {actions}
          {exportable && (
            <button type="button" className="btn btn-outline" onClick={() => void onExport()} disabled={exporting}>
              {exporting ? t.exporting : t.exportToExcel}
            </button>
          )}
        </div>
      </div>

      <form role="search" className={styles.search} onSubmit={onSearch} key={params.q}>
        <label htmlFor={`${titleId}-q`} className="visually-hidden">
          {searchLabel}
        </label>
        <input
          id={`${titleId}-q`}
          name="q"
          type="search"
          defaultValue={params.q}
          placeholder={t.searchPlaceholder}
          maxLength={100}
        />
        <button type="submit" className="btn">
          {t.search}
        </button>
      </form>

      <QueryState
        query={list}
        keepData
        isEmpty={(result) => result.data.length === 0}
        empty={<p className={styles.empty}>{params.q ? t.noMatches(params.q) : t.noRows}</p>}
      >
        {(result) => (
          <Table
            columns={columns.map(({ sort, ...column }, index) => ({
              key: column.header,
              header: sort ? (
                <button
                  type="button"
                  className={styles.sortButton}
                  onClick={() => onSort(sort)}
                  aria-label={t.sortBy(column.header)}
                >
                  {column.header}
                  <span aria-hidden="true" className={styles.sortMark}>
                    {params.sort === sort ? (params.order === 'desc' ? '▼' : '▲') : '↕'}
                  </span>
                </button>
              ) : (
                column.header
              ),
              cell: (row: Row, index: number) => column.cell(row, first + index + 1),
              narrow: column.narrow,
              // On a phone: no row number (the pager tells the place), the column after it sticky.
              hideOnPhone: index === 0 && lead === 1,
              sticky: index === lead,
              sort: sort && params.sort === sort ? (params.order === 'desc' ? 'descending' : 'ascending') : undefined,
            }))}
            rows={result.data}
            rowKey={rowKey}
            labelledBy={titleId}
            busy={list.isFetching}
            pager={{
              page: meta.page,
              total: meta.total,
              limit: meta.limit,
              onPage: (page) => setParams({ page }),
              label: t.pagesOf(title),
              showCount: true,
            }}
          />
        )}
      </QueryState>
    </section>
  );
}
