// The layout of every admin page, and its guard (route protection): no admin session
// goes to /login; the session is checked once with the server; a stale one is forgotten (back to
// /login) and a profile that is not an admin's goes to /.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { ApiError } from '../../lib/api.js';
import { session, useAdminSession } from '../../lib/session.js';
import { ErrorState, Loading } from '../../ui/states.js';
import { AdminSidebar } from './AdminSidebar.js';
import { useAdminMe } from './api.js';
import styles from './admin.module.css';

const sidebarId = 'admin-sidebar';

/** A route renders its page through the Outlet; `/faq` hands its page in as children (it picks
 *  the admin or the public screen by the session). */
export default function AdminShell({ children }: { children?: ReactNode }) {
  const admin = useAdminSession();
  const me = useAdminMe(admin?.token);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // 401 (expired or ended) or 403 (blocked): the stored session is worthless.
  const sessionRejected = me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 403);
  useEffect(() => {
    if (sessionRejected) session.clear('admin');
  }, [sessionRejected]);

  const closeMenu = useCallback((returnFocus = false) => {
    setMenuOpen(false);
    if (returnFocus) menuButton.current?.focus();
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, closeMenu]);

  if (!admin || sessionRejected) return <Navigate to={routes.adminLogin} replace />;
  if (me.isPending) {
    return (
      <main className={styles.checking}>
        <Loading />
      </main>
    );
  }
  if (me.isError) {
    return (
      <main className={styles.checking}>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  if (me.data.role !== 'admin') return <Navigate to={routes.home} replace />;

  return (
    <div className={styles.shell}>
      <a href="#admin-main" className="skip-link">
        {text.skipToContent}
      </a>
      <AdminSidebar id={sidebarId} open={menuOpen} onNavigate={() => closeMenu()} />
      {menuOpen && <div className={styles.backdrop} aria-hidden="true" onClick={() => closeMenu(true)} />}
      <div className={styles.body}>
        <header className={styles.topbar}>
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls={sidebarId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className={styles.menuIcon} aria-hidden="true" />
            {text.adminMenu}
          </button>
          <h1 className={styles.welcome}>{text.welcomAdmin}</h1>
          <p className={styles.adminEmail}>
            <span className="visually-hidden">{text.adminSignedInAs} </span>
            <span className={styles.avatar} aria-hidden="true">
              {admin.email.charAt(0).toUpperCase()}
            </span>
            <span className={styles.emailText}>{admin.email}</span>
          </p>
        </header>
        <main id="admin-main" className={styles.content} tabIndex={-1}>
          {children ?? <Outlet />}
        </main>
      </div>
    </div>
  );
}
