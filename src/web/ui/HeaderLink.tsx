// A link of the signed-in header (Messages, the provider portal): an icon and a word, only the icon
// on a phone, where the header has little room; the word stays for screen readers.
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import styles from './HeaderLink.module.css';

interface HeaderLinkProps {
  to: string;
  label: string;
  icon: ReactNode;
  /** Left out of a phone's header (the user menu holds it too). */
  roomy?: boolean;
  /** A count over the icon (hidden from screen readers, which read `hint` instead). */
  badge?: ReactNode;
  /** Read after the word by screen readers only ("2 unread"), so the name still starts with what is seen. */
  hint?: string;
}

export function HeaderLink({ to, label, icon, roomy = false, badge, hint }: HeaderLinkProps) {
  return (
    <NavLink to={to} className={`${styles.link} ${roomy ? styles.roomy : ''}`}>
      <span className={styles.icon}>
        {icon}
        {badge}
      </span>
      <span className={styles.label}>{label}</span>
      {hint && <span className="visually-hidden">{hint}</span>}
    </NavLink>
  );
}
