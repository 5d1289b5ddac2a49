// /provider/jobs: the provider's bookings in four tabs, the first three with how many jobs they
// hold. Requests get Accept and Decline; upcoming jobs are accepted ones still ahead; accepted ones
// whose time has passed wait under To complete with Mark completed. Each job links to its booking,
// to the thread with the customer and, while someone still has to go there, to directions. The
// server decides every change; a refused one (another tab answered first) says why and the list
// reloads.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { bookingPageText, bookingText, providerPortalText as t, text } from '../../../../contract/messages.js';
import { conversationPath, fill, routes } from '../../../../contract/paths.js';
import { jobTabs, type JobAction, type JobCounts, type JobItem, type JobTab } from '../../../../contract/portal.js';
import { money } from '../../../lib/format.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { Empty, QueryState } from '../../../ui/states.js';
import { useToast } from '../../../ui/toast.js';
import { useRefreshOnNotification } from '../../notifications/index.js';
import { jobKeys, jobsPageSize, useJobAction, useJobCounts, useJobs } from './api.js';
import { clockTime, dayMonthYear } from '../../../lib/dates.js';
import { Pager } from '../../../ui/Pager.js';
import pills from '../../../ui/pills.module.css';
import { StatusBadge } from '../BookingCard.js';
import styles from '../bookings.module.css';
import { errorMessage } from '../../../lib/form-errors.js';

export default function JobsPage() {
  // A request, a cancellation or a move arrives as a notification.
  useRefreshOnNotification(jobKeys.all);
  const [params, setParams] = useSearchParams();
  const tab: JobTab = (jobTabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as JobTab)
    : 'requested';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const jobs = useJobs(tab, page);
  const counts = useJobCounts().data?.data;
  const answer = useJobAction();
  const toast = useToast();
  const [declining, setDeclining] = useState<JobItem | null>(null);

  const show = (next: JobTab, nextPage = 1) =>
    setParams(
      next === 'requested' && nextPage === 1 ? {} : { tab: next, ...(nextPage > 1 ? { page: String(nextPage) } : {}) },
    );

  async function run(job: JobItem, action: JobAction) {
    try {
      const response = await answer.mutateAsync({ id: job._id, action });
      toast.success(response.message ?? t.accepted);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <div>
      <title>{`${t.jobs} · ${text.brand}`}</title>
      <h1>{t.jobs}</h1>
      <div className={pills.tabs} role="tablist" aria-label={t.jobs}>
        {jobTabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="jobs-panel"
            className={`${pills.tab} ${tab === name ? pills.tabActive : ''}`}
            onClick={() => show(name)}
          >
            {tabLabel(name, counts)}
          </button>
        ))}
      </div>
      <div id="jobs-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <QueryState query={jobs} isEmpty={(result) => result.data.length === 0} empty={<Empty>{t.noJobs[tab]}</Empty>}>
          {(result) => (
            <>
              <ul className={styles.list}>
                {result.data.map((job) => (
                  <li key={job._id}>
                    <JobCard job={job}>
                      {job.status === 'requested' && (
                        <>
                          <button
                            type="button"
                            className="btn"
                            disabled={answer.isPending}
                            aria-describedby={`job-${job._id}`}
                            onClick={() => void run(job, 'accept')}
                          >
                            {t.accept}
                          </button>
                          <button
                            type="button"
                            className="btn btn-outline"
                            disabled={answer.isPending}
                            aria-describedby={`job-${job._id}`}
                            onClick={() => setDeclining(job)}
                          >
                            {t.decline}
                          </button>
                        </>
                      )}
                      {job.canComplete && (
                        <button
                          type="button"
                          className="btn"
                          disabled={answer.isPending}
                          aria-describedby={`job-${job._id}`}
                          onClick={() => void run(job, 'complete')}
                        >
                          {t.complete}
                        </button>
                      )}
                    </JobCard>
                  </li>
                ))}
              </ul>
              <Pager
                page={page}
                total={result.meta?.total ?? 0}
                limit={jobsPageSize}
                onPage={(p) => show(tab, p)}
                label={t.pages(t.jobs)}
              />
            </>
          )}
        </QueryState>
      </div>
      <ConfirmDialog
        open={declining !== null}
        title={t.declineTitle}
        message={t.declineQuestion}
        confirmLabel={t.declineYes}
        dismissLabel={t.keep}
        busy={answer.isPending}
        onCancel={() => setDeclining(null)}
        onConfirm={() => {
          const job = declining;
          setDeclining(null);
          if (job) void run(job, 'decline');
        }}
      />
    </div>
  );
}

/** A tab's label, with its count once known (past is not counted). */
function tabLabel(tab: JobTab, counts: JobCounts | undefined): string {
  const count = tab === 'past' ? undefined : counts?.[tab];
  return count === undefined ? t.tabs[tab] : t.tabCount(t.tabs[tab], count);
}

/** Someone still has to go to the job's address. */
const directionsShown: JobItem['status'][] = ['requested', 'accepted'];

/** A route to the address in the maps app or site (Google Maps' public directions URL, no key). */
const directionsUrl = (address: string) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;

export function JobCard({ job, children }: { job: JobItem; children?: React.ReactNode }) {
  const headingId = `job-${job._id}`;
  return (
    <article className={`${styles.card} ${styles.jobCard}`} aria-labelledby={headingId}>
      <div className={styles.cardBody}>
        <div className={styles.cardTop}>
          <h2 id={headingId} className={styles.cardTitle}>
            {job.customer.name}
          </h2>
          <StatusBadge status={job.status} />
        </div>
        {job.service && <p className={styles.service}>{job.service.title}</p>}
        <dl className={styles.facts}>
          <div>
            <dt>{bookingText.date}</dt>
            <dd>{dayMonthYear(job.date)}</dd>
          </div>
          <div>
            <dt>{bookingText.time}</dt>
            <dd>{clockTime(job.time)}</dd>
          </div>
          <div>
            <dt>{t.phone}</dt>
            <dd>
              <a href={`tel:${job.phone}`}>{job.phone}</a>
            </dd>
          </div>
          <div className={styles.wide}>
            <dt>{bookingText.address}</dt>
            <dd>{job.address}</dd>
          </div>
          <div className={styles.wide}>
            <dt>{t.description}</dt>
            <dd>{job.description}</dd>
          </div>
        </dl>
        <p className={styles.charges}>{money(job.price.totalCents)}</p>
        {job.status === 'accepted' && job.canComplete && <p className="muted">{t.awaitingCompletion}</p>}
        <p className={styles.jobLinks}>
          <Link to={fill(routes.booking, { id: job._id })} aria-describedby={headingId}>
            {bookingPageText.open}
          </Link>
          <Link to={conversationPath(job.customer._id)}>{bookingPageText.message(job.customer.name)}</Link>
          {directionsShown.includes(job.status) && job.address && (
            <a href={directionsUrl(job.address)} target="_blank" rel="noopener noreferrer" aria-describedby={headingId}>
              {t.directions} <span className="visually-hidden">{t.opensNewTab}</span>
            </a>
          )}
        </p>
      </div>
      {children && <div className={styles.jobActions}>{children}</div>}
    </article>
  );
}
