// The admin side navigation: its entries in a fixed order, the current one
// highlighted (aria-current instead of the old "highlight number"), and Logout.
import { useEffect, useRef } from 'react';
import { Link, NavLink, useMatch, useNavigate } from 'react-router';
import { adminSidebar, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useToast } from '../../ui/toast.js';
import { useAdminLogout } from './api.js';
import styles from './admin.module.css';

const entries = [
  { to: routes.dashboard, label: adminSidebar.dashboard },
  { to: routes.userListing, label: adminSidebar.userListing },
  { to: routes.vendor, label: adminSidebar.contractorListing },
  { to: routes.bookingList, label: adminSidebar.bookingList },
  { to: routes.services, label: adminSidebar.servicesListing },
  { to: routes.banners, label: adminSidebar.banners },
  { to: routes.offers, label: adminSidebar.offers },
  { to: routes.support, label: adminSidebar.support },
  { to: routes.notification, label: adminSidebar.notification },
  { to: routes.faq, label: adminSidebar.faq },
  { to: routes.privacyAdmin, label: adminSidebar.privacyPolicy },
  { to: routes.termsAdmin, label: adminSidebar.termsConditions },
  // Admin screens the old sidebar did not list: reachable here rather than by URL only.
  { to: routes.withdraw, label: adminSidebar.withdraw },
  { to: routes.tickets, label: adminSidebar.tickets },
  { to: routes.profit, label: adminSidebar.profit },
  { to: routes.referral, label: adminSidebar.referral },
  { to: routes.ratings, label: adminSidebar.ratings },
  { to: routes.settings, label: adminSidebar.settings },
  { to: routes.adminSecurity, label: adminSidebar.security },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink;

interface AdminSidebarProps {
  id: string;
  /** Small screens: whether the drawer is shown. Wide screens always show the sidebar. */
  open: boolean;
  onNavigate: () => void;
}

export function AdminSidebar({ id, open, onNavigate }: AdminSidebarProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const logout = useAdminLogout();
  const list = useRef<HTMLUListElement>(null);
  // /DashboardHome is the dashboard too.
  const onDashboardAlias = useMatch(routes.dashboardHome) !== null;

  // Opening the drawer moves focus into it.
  useEffect(() => {
    if (open) list.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  // The session is forgotten even when the server cannot be reached (useAdminLogout). Awaited
  // rather than per-call callbacks: the shell unmounts this sidebar as soon as the session goes.
  const onLogout = async () => {
    await logout.mutateAsync().catch(() => undefined);
    onNavigate();
    toast.success(notice.loggedOut);
    navigate(routes.adminLogin, { replace: true });
  };

  return (
    <nav
      id={id}
      aria-label={text.adminNavLabel}
      className={open ? `${styles.sidebar} ${styles.sidebarOpen}` : styles.sidebar}
    >
      <Link to={routes.dashboard} className={styles.sidebarBrand} onClick={onNavigate}>
        <img src="/favicon.svg" alt="" width={30} height={30} />
        <span>{text.brand}</span>
      </Link>
      <ul ref={list} className={styles.navList}>
        {entries.map((entry) => (
          <li key={entry.to}>
            {entry.to === routes.dashboard && onDashboardAlias ? (
              <Link
                to={routes.dashboardHome}
                aria-current="page"
                className={`${styles.navLink} ${styles.navLinkActive}`}
                onClick={onNavigate}
              >
                {entry.label}
              </Link>
            ) : (
              <NavLink to={entry.to} className={linkClass} onClick={onNavigate}>
                {entry.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
      {/* Under the list, which scrolls on its own: Logout stays in view on a short screen. */}
      <div className={styles.navLogout}>
        <button type="button" className={styles.navLink} onClick={() => void onLogout()} disabled={logout.isPending}>
          {adminSidebar.logout}
        </button>
      </div>
    </nav>
  );
}
