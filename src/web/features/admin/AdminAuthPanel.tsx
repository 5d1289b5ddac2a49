// The panel of the administrator's account pages beside the sign-in (a reset link asked for, a
// new password set): its heading names the document too, and it leads back to the sign-in.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { adminResetText as t, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import styles from './admin.module.css';

export function AdminAuthPanel({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <main className={styles.loginScreen}>
      <title>{`${heading} · ${text.brand}`}</title>
      <div className={styles.loginPanel}>
        <h1 className={styles.loginTitle}>{heading}</h1>
        {children}
        <p>
          <Link to={routes.adminLogin}>{t.backToLogin}</Link>
        </p>
      </div>
    </main>
  );
}

/** The form's submit button, with a spinner while the request runs. */
export function BusyButton({ busy, pending, children }: { busy: boolean; pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-block" disabled={busy} aria-busy={pending || undefined}>
      {pending && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
