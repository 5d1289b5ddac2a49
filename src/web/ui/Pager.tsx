// Previous / Next for a list paged on the server, the one pager every list uses.
// `showCount` adds "21–40 of 57"; without it a list of one page shows no pager at all.
import { adminListText as t } from '../../contract/messages.js';
import styles from './Pager.module.css';

export interface PagerProps {
  page: number;
  total: number;
  limit: number;
  onPage(page: number): void;
  /** What the navigation is called, for screen readers: "Transactions: pages". */
  label: string;
  showCount?: boolean;
}

export function Pager({ page, total, limit, onPage, label, showCount }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1 && !showCount) return null;
  const first = (page - 1) * limit;
  return (
    <nav className={styles.pager} aria-label={label}>
      {showCount && (
        <span className={styles.showing}>
          {t.showing(Math.min(first + 1, total), Math.min(first + limit, total), total)}
        </span>
      )}
      <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.previous}
      </button>
      <span aria-current="page">{t.pageOf(page, pages)}</span>
      <button type="button" className="btn btn-outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t.next}
      </button>
    </nav>
  );
}
