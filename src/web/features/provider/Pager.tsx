// Previous / Next for a server-side page of a portal list.
import { providerPortalText as t } from '../../../contract/messages.js';
import styles from './provider.module.css';

export function Pager({ page, total, limit, onPage }: { page: number; total: number; limit: number; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t.pageOf(page, pages)}>
      <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.previous}
      </button>
      <span>{t.pageOf(page, pages)}</span>
      <button type="button" className="btn btn-outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t.next}
      </button>
    </nav>
  );
}
