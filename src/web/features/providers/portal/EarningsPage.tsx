// /provider/earnings: payouts to the provider's bank through Stripe (wallet's Payouts), then
// completed jobs and their charges — the totals and the last months (summed on the server), then
// the jobs themselves, a page at a time.
import { useState } from 'react';
import { providerPortalText as t, text } from '../../../../contract/messages.js';
import type { JobItem } from '../../../../contract/portal.js';
import { money } from '../../../lib/format.js';
import { Empty, QueryState } from '../../../ui/states.js';
import { Table, type TableColumn } from '../../../ui/Table.js';
import { earningsPageSize, useEarningJobs, useEarnings } from './api.js';
import { dayMonthYear, monthName } from '../../../lib/dates.js';
import { Payouts } from '../../wallet/index.js';
import styles from './portal.module.css';

const jobColumns: TableColumn<JobItem>[] = [
  { key: 'date', header: t.date, cellClassName: styles.nowrap, cell: (job) => dayMonthYear(job.date) },
  { key: 'customer', header: t.customer, cell: (job) => job.customer.name },
  { key: 'service', header: t.service, className: styles.wideOnly, cell: (job) => job.service?.title ?? '—' },
  { key: 'amount', header: t.amount, className: styles.num, cell: (job) => money(job.charges) },
];

export default function EarningsPage() {
  const earnings = useEarnings();
  const [page, setPage] = useState(1);
  const jobs = useEarningJobs(page);

  return (
    <div>
      <title>{`${t.earningsHeading} · ${text.brand}`}</title>
      <h1>{t.earningsHeading}</h1>
      <Payouts />
      <QueryState query={earnings} isEmpty={(totals) => totals.jobs === 0} empty={<Empty>{t.noEarnings}</Empty>}>
        {(totals) => (
          <>
            <div className={styles.totals}>
              <p className={styles.total}>
                <span>{t.totalEarned}</span>
                <strong>{money(totals.total)}</strong>
              </p>
              <p className={styles.total}>
                <span>{t.completedJobs}</span>
                <strong>{totals.jobs}</strong>
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
                {totals.months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{monthName(m.month)}</th>
                    <td className={styles.num}>{m.jobs}</td>
                    <td className={styles.num}>{money(m.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>

            <h2>{t.completedJobs}</h2>
            <QueryState query={jobs}>
              {(result) => (
                <Table
                  columns={jobColumns}
                  rows={result.data}
                  rowKey={(job) => job._id}
                  regionLabel={t.completedJobs}
                  classes={{ scroller: styles.tableWrap, table: styles.table }}
                  pager={{
                    page,
                    total: result.meta?.total ?? 0,
                    limit: earningsPageSize,
                    onPage: setPage,
                    label: t.pages(t.earnings),
                  }}
                />
              )}
            </QueryState>
          </>
        )}
      </QueryState>
    </div>
  );
}
