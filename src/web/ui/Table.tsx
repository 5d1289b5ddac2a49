// The plain table of one page of rows: column headers, the rows, sideways scrolling on narrow
// screens, and Previous/Next under it. Loading, empty and error states are QueryState's. A table
// wider than its box says so: a shadow on each side that has more columns, and a line under it;
// the box then takes the keyboard's focus so arrow keys scroll it, and a sticky column keeps each
// row's name in view.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { text } from '../../contract/messages.js';
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
  /** Stays in view while the table scrolls sideways (the column that names the row). */
  sticky?: boolean;
  /** Left out on a phone (a row number the pager already tells). */
  hideOnPhone?: boolean;
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

/** Whether the box has more to show to its left and to its right, kept as it scrolls or resizes. */
function useOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', update);
    };
  }, []);
  return { ref, more, overflows: more.left || more.right };
}

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
  const { ref, more, overflows } = useOverflow();
  // A box the keyboard can reach is a named region: by `regionLabel`, or by the table's heading.
  const region =
    regionLabel || (overflows && labelledBy)
      ? ({
          role: 'region',
          tabIndex: 0,
          ...(regionLabel ? { 'aria-label': regionLabel } : { 'aria-labelledby': labelledBy }),
        } as const)
      : {};
  const columnClasses = (column: TableColumn<Row>) =>
    classNames(
      column.narrow && styles.narrow,
      column.sticky && styles.sticky,
      column.hideOnPhone && styles.hideOnPhone,
      column.className,
    );
  return (
    <>
      <div className={classNames(styles.frame, more.left && styles.moreLeft, more.right && styles.moreRight)}>
        <div ref={ref} className={classes.scroller ?? styles.scroller} {...region}>
          <table className={classes.table ?? styles.table} aria-labelledby={labelledBy} aria-busy={busy || undefined}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className={columnClasses(column)} aria-sort={column.sort}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={classNames(columnClasses(column), column.cellClassName)}>
                      {column.cell(row, index)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {overflows && <p className={styles.scrollHint}>{text.scrollForMore}</p>}
      {pager && <Pager {...pager} />}
    </>
  );
}
