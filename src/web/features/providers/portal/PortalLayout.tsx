// /provider: the provider portal's frame (its index is the provider's home). Only providers get past it (the server refuses everyone
// else with 403 as well): a customer is told the portal is for providers. A provider whose profile
// is not complete is led to its profile; one waiting for an admin's approval sees that meanwhile.
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { providerPortalText as t, text } from '../../../../contract/messages.js';
import { routes } from '../../../../contract/paths.js';
import { QueryState } from '../../../ui/states.js';
import type { PortalProfile } from '../../../../contract/portal.js';
import { useMe, usePortalProfile } from './api.js';
import pills from '../../../ui/pills.module.css';
import styles from './portal.module.css';

const sections = [
  { to: routes.providerPortal, label: t.home, end: true },
  { to: routes.providerJobs, label: t.jobs },
  { to: routes.providerCalendar, label: t.calendar },
  { to: routes.providerSchedule, label: t.schedule },
  { to: routes.providerProfile, label: t.profile },
  { to: routes.providerEarnings, label: t.earnings },
];

export default function PortalLayout() {
  const me = useMe();
  const isProvider = me.data?.role === 'provider';
  const profile = usePortalProfile(isProvider);

  return (
    <QueryState query={me}>
      {() =>
        isProvider ? (
          <QueryState query={profile}>{(data) => <Portal profile={data} />}</QueryState>
        ) : (
          <section className={`container page ${styles.page}`} aria-labelledby="portal-heading">
            <title>{`${t.portal} · ${text.brand}`}</title>
            <h1 id="portal-heading">{t.portal}</h1>
            <div className={styles.notice}>
              <p>{t.onlyProviders}</p>
              <Link className="btn" to={routes.homeNew}>
                {text.homeLink}
              </Link>
            </div>
          </section>
        )
      }
    </QueryState>
  );
}

function Portal({ profile }: { profile: PortalProfile }) {
  const { pathname } = useLocation();
  const onProfile = pathname.toLowerCase() === routes.providerProfile;
  if (!profile.complete && !onProfile) return <Navigate to={routes.providerProfile} replace />;

  return (
    <section className={`container page ${styles.page}`}>
      <nav className={pills.tabsNav} aria-label={t.nav}>
        {sections.map((s) => (
          <NavLink
            key={s.to}
            to={s.to}
            end={s.end}
            className={({ isActive }) => `${pills.tab} ${isActive ? pills.tabActive : ''}`}
          >
            {s.label}
          </NavLink>
        ))}
        <Link to={routes.messages} className={pills.tab}>
          {t.messages}
        </Link>
      </nav>
      {!profile.complete ? (
        <div className={styles.notice} role="status">
          <h2>{t.completeTitle}</h2>
          <p>{t.completeText}</p>
        </div>
      ) : profile.status === '0' ? (
        <div className={styles.notice} role="status">
          <h2>{t.waitingTitle}</h2>
          <p>{t.waitingText}</p>
        </div>
      ) : null}
      <Outlet />
    </section>
  );
}
