// /provider/jobs: the provider's bookings in four tabs, the first three with how many jobs they
// hold. Requests get Accept and Decline; upcoming jobs are accepted ones still ahead; accepted ones
// whose time has passed wait under To complete with Mark completed (JobCard.tsx).
import { useSearchParams } from 'react-router';
import { providerPortalText as t, text } from '../../../../contract/messages.js';
import { jobTabs, type JobCounts, type JobTab } from '../../../../contract/portal.js';
import { Empty, QueryState } from '../../../ui/states.js';
import { useRefreshOnNotification } from '../../notifications/index.js';
import { jobKeys, jobsPageSize, useJobCounts, useJobs } from './api.js';
import { Pager } from '../../../ui/Pager.js';
import pills from '../../../ui/pills.module.css';
import styles from '../bookings.module.css';
import { JobAnswers, JobCard } from './JobCard.js';

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

  const show = (next: JobTab, nextPage = 1) =>
    setParams(
      next === 'requested' && nextPage === 1 ? {} : { tab: next, ...(nextPage > 1 ? { page: String(nextPage) } : {}) },
    );

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
                      <JobAnswers job={job} />
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
    </div>
  );
}

/** A tab's label, with its count once known (past is not counted). */
function tabLabel(tab: JobTab, counts: JobCounts | undefined): string {
  const count = tab === 'past' ? undefined : counts?.[tab];
  return count === undefined ? t.tabs[tab] : t.tabCount(t.tabs[tab], count);
}
