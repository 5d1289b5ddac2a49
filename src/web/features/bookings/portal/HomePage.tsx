// /provider: where a provider lands after signing in. At a glance: the requests waiting for an
// answer, today's jobs, what this month's completed jobs earned, unread messages and the profile's
// state, each a link to its page. Below: the requests that expire first (with the time left, and
// Accept or Decline right there), then today's and tomorrow's jobs (the provider's own days).
import { Link } from 'react-router';
import { providerPortalText as t, text } from '../../../../contract/messages.js';
import { routes } from '../../../../contract/paths.js';
import type { JobItem, PortalProfile } from '../../../../contract/portal.js';
import { money } from '../../../lib/format.js';
import { Empty, QueryState } from '../../../ui/states.js';
import { useRefreshOnNotification } from '../../notifications/index.js';
import { usePortalProfile } from '../../providers/index.js';
import styles from '../bookings.module.css';
import { jobKeys, useProviderHome } from './api.js';
import { JobAnswers, JobCard } from './JobCard.js';
import home from './home.module.css';

export default function HomePage() {
  // A request, a cancellation or a message arrives as a notification.
  useRefreshOnNotification(jobKeys.all);
  const data = useProviderHome();
  const profile = usePortalProfile();

  return (
    <div>
      <title>{`${t.home} · ${text.brand}`}</title>
      <h1>{t.homeHeading}</h1>
      <QueryState query={data}>
        {(figures) => (
          <>
            <h2 className="visually-hidden">{t.homeSummary}</h2>
            <ul className={home.glance}>
              <Glance label={t.requestsWaiting} figure={String(figures.counts.requested)} to={routes.providerJobs} />
              <Glance
                label={t.todayJobs}
                figure={t.jobsOf(figures.today.length)}
                to={`${routes.providerJobs}?tab=upcoming`}
              />
              <Glance
                label={t.thisMonth}
                figure={money(figures.month.total)}
                note={t.jobsOf(figures.month.jobs)}
                to={routes.providerEarnings}
              />
              <Glance label={t.unreadMessages} figure={String(figures.unreadMessages)} to={routes.messages} />
              {profile.data && (
                <Glance label={t.profile} figure={profileState(profile.data)} to={routes.providerProfile} />
              )}
            </ul>

            <Jobs
              heading={t.requestsWaiting}
              jobs={figures.requests}
              empty={t.noRequests}
              more={
                figures.counts.requested > figures.requests.length
                  ? { to: routes.providerJobs, label: t.seeAll(figures.counts.requested, t.tabs.requested) }
                  : undefined
              }
            />
            <Jobs heading={t.todayJobs} jobs={figures.today} empty={t.noJobsToday} />
            <Jobs heading={t.tomorrowJobs} jobs={figures.tomorrow} empty={t.noJobsTomorrow} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function profileState(profile: PortalProfile): string {
  if (!profile.complete) return t.profileState.incomplete;
  return profile.status === '1' ? t.profileState.active : t.profileState.waiting;
}

function Glance({ label, figure, note, to }: { label: string; figure: string; note?: string; to: string }) {
  return (
    <li>
      <Link className={home.tile} to={to}>
        <span className={home.label}>{label}</span>
        <span className={home.figure}>{figure}</span>
        {note && <span className={home.label}>{note}</span>}
      </Link>
    </li>
  );
}

function Jobs({
  heading,
  jobs,
  empty,
  more,
}: {
  heading: string;
  jobs: JobItem[];
  empty: string;
  more?: { to: string; label: string };
}) {
  const id = `home-${heading.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className={home.section} aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {jobs.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <ul className={styles.list}>
          {jobs.map((job) => (
            <li key={job._id}>
              <JobCard job={job} level={3}>
                <JobAnswers job={job} />
              </JobCard>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <p className={home.all}>
          <Link to={more.to}>{more.label}</Link>
        </p>
      )}
    </section>
  );
}
