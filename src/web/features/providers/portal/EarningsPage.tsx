// /provider/earnings: completed jobs and their charges — the totals and the last months (summed on
// the server), then the jobs themselves, a page at a time.
import { useState } from 'react';
import { providerPortalText as t, text } from '../../../../contract/messages.js';
import { money } from '../../../lib/format.js';
import { Empty, ErrorState, Loading } from '../../../ui/states.js';
import { earningsPageSize, useEarningJobs, useEarnings } from './api.js';
import { dayMonthYear, monthName } from '../../../lib/dates.js';
import { Pager } from '../../../ui/Pager.js';
import styles from './portal.module.css';

export default function EarningsPage() {
  const earnings = useEarnings();
  const [page, setPage] = useState(1);
  const jobs = useEarningJobs(page);

  return (
    <div>
      <title>{`${t.earningsHeading} · ${text.brand}`}</title>
      <h1>{t.earningsHeading}</h1>
      {earnings.isPending ? (
        <Loading />
      ) : earnings.isError ? (
        <ErrorState error={earnings.error} onRetry={() => void earnings.refetch()} />
      ) : earnings.data.jobs === 0 ? (
        <Empty>{t.noEarnings}</Empty>
      ) : (
        <>
          <div className={styles.totals}>
            <p className={styles.total}>
              <span>{t.totalEarned}</span>
              <strong>{money(earnings.data.total)}</strong>
            </p>
            <p className={styles.total}>
              <span>{t.completedJobs}</span>
              <strong>{earnings.data.jobs}</strong>
            </p>
          </div>
          <h2>{t.byMonth}</h2>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t.month}</th>
                <th scope="col" className={styles.num}>
                  {t.jobsCount}
                </th>
                <th scope="col" className={styles.num}>
                  {t.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {earnings.data.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthName(m.month)}</th>
                  <td className={styles.num}>{m.jobs}</td>
                  <td className={styles.num}>{money(m.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <h2>{t.completedJobs}</h2>
          {jobs.isPending ? (
            <Loading />
          ) : jobs.isError ? (
            <ErrorState error={jobs.error} onRetry={() => void jobs.refetch()} />
          ) : (
            <>
              <div className={styles.tableWrap} role="region" aria-label={t.completedJobs} tabIndex={0}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t.date}</th>
                      <th scope="col">{t.customer}</th>
                      <th scope="col" className={styles.wideOnly}>
                        {t.service}
                      </th>
                      <th scope="col" className={styles.num}>
                        {t.amount}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {jobs.data.data.map((job) => (
                      <tr key={job._id}>
                        <td className={styles.nowrap}>{dayMonthYear(job.date)}</td>
                        <td>{job.customer.name}</td>
                        <td className={styles.wideOnly}>{job.service?.title ?? '—'}</td>
                        <td className={styles.num}>{money(job.charges)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                page={page}
                total={jobs.data.meta?.total ?? 0}
                limit={earningsPageSize}
                onPage={setPage}
                label={t.pages(t.earnings)}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}
