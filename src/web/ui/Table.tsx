// The plain table of one page of rows: column headers, the rows, sideways scrolling on narrow
// screens, and Previous/Next under it. Loading, empty and error states are QueryState's.
import type { ReactNode } from 'react';
import { Pager, type PagerProps } from './Pager.js';
import styles from './Table.module.css';

export interface TableColumn<Row> {
  /** Tells the columns apart (the header's text will do). */
  key: string;
  header: ReactNode;
  /** `index` is the row's place on this page, from 0. */
  cell: (row: Row, index: number) => ReactNode;
  /** Keeps the column narrow and its cells on one line. */
  narrow?: boolean;
  /** A class for the column's header and cells (a screen's own). */
  className?: string;
  /** A class for the cells only, besides className. */
  cellClassName?: string;
  /** The header's aria-sort, on the column the rows are sorted by. */
  sort?: 'ascending' | 'descending';
}

interface TableProps<Row> {
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The id of the heading that names the table. */
  labelledBy?: string;
  /** Makes the scroller a named region the keyboard can reach and scroll (where no heading names the table). */
  regionLabel?: string;
  /** Rows being fetched again are dimmed. */
  busy?: boolean;
  /** A screen's own look instead of the admin lists'. */
  classes?: { scroller?: string; table?: string };
  pager?: PagerProps;
}

const classNames = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

export function Table<Row>({
  columns,
  rows,
  rowKey,
  labelledBy,
  regionLabel,
  busy,
  classes = {},
  pager,
}: TableProps<Row>) {
  const region = regionLabel ? ({ role: 'region', 'aria-label': regionLabel, tabIndex: 0 } as const) : {};
  return (
    <>
      <div className={classes.scroller ?? styles.scroller} {...region}>
        <table className={classes.table ?? styles.table} aria-labelledby={labelledBy} aria-busy={busy || undefined}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={classNames(column.narrow && styles.narrow, column.className)}
                  aria-sort={column.sort}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={classNames(column.narrow && styles.narrow, column.className, column.cellClassName)}
                  >
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pager && <Pager {...pager} />}
    </>
  );
}
