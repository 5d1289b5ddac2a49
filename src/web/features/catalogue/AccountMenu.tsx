// The small menu of the signed-in services pages: every item goes somewhere (the old page's menu
// items did nothing).
import { NavLink } from 'react-router';
import styles from './services.module.css';

export interface MenuLink {
  label: string;
  to: string;
}

export function AccountMenu({ label, links }: { label: string; links: readonly MenuLink[] }) {
  return (
    <nav aria-label={label} className={styles.menu}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to}>{link.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
