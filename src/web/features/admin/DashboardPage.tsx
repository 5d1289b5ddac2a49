// Dashboard (/dashboard, /DashboardHome). From and To (yyyy-MM-dd) narrow the four
// counters; no range means all time. The applied range lives in the URL, so a reload keeps it.
// Each counter opens its list; below them, the work waiting now (withdraw requests, contact
// messages without a reply, tickets in progress, providers to approve, hidden reviews), each count a link to the
// list filtered to it; then the trends and breakdowns over the range (DashboardTrends).
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DashboardQueue } from '../../../contract/dashboard.js';
import { adminSidebar, dashboardText, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { ApiError } from '../../lib/api.js';
import { money } from '../../lib/format.js';
import { DatePicker } from '../../ui/DatePicker.js';
import { ErrorState, Loading } from '../../ui/states.js';
import { useDashboard, type DashboardRange } from './api.js';
import DashboardTrendsView from './DashboardTrends.js';
import pageHead from '../../ui/pageHead.module.css';
import styles from './admin.module.css';

const param = { start: 'startDate', end: 'endDate' } as const;
/** Counts with thousands separators (12,480); money keeps the app's `$` format. */
const countFormat = new Intl.NumberFormat('en-US');

export default function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const range: DashboardRange = {
    startDate: searchParams.get(param.start) || undefined,
    endDate: searchParams.get(param.end) || undefined,
  };
  const dashboard = useDashboard(range);

  const onSearch = (startDate: string, endDate: string) => {
    if (startDate === (range.startDate ?? '') && endDate === (range.endDate ?? '')) {
      // Same range again: fresh numbers.
      void dashboard.refetch();
      return;
    }
    const next = new URLSearchParams();
    if (startDate) next.set(param.start, startDate);
    if (endDate) next.set(param.end, endDate);
    setSearchParams(next);
  };

  const totals = dashboard.data;
  const count = (n: number | undefined) => countFormat.format(n ?? 0);
  const counters = [
    { label: dashboardText.totalRegisteredUsers, value: count(totals?.totalRegisteredUsers), to: routes.userListing },
    { label: dashboardText.totalAgents, value: count(totals?.totalAgents), to: `${routes.vendor}?status=1` },
    { label: dashboardText.totalBusiness, value: money(totals?.totalBusiness ?? 0), to: routes.bookingList },
    { label: dashboardText.totalCouponsActive, value: count(totals?.totalActiveCoupons), to: routes.offers },
  ];

  return (
    <section className={styles.page} aria-labelledby="dashboard-title">
      <title>{`${adminSidebar.dashboard} · ${text.brand}`}</title>
      <div className={`${pageHead.head} ${pageHead.roomy}`}>
        <h2 id="dashboard-title" className={pageHead.title}>
          {adminSidebar.dashboard}
        </h2>
        {/* Keyed by the URL's range so back and forward show the range they apply. */}
        <RangeForm key={searchParams.toString()} range={range} busy={dashboard.isFetching} onSearch={onSearch} />
      </div>

      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <div className={styles.failure}>
          <ErrorState
            error={dashboard.error}
            onRetry={isRetryable(dashboard.error) ? () => void dashboard.refetch() : undefined}
          />
        </div>
      ) : (
        <>
          <ul className={styles.counters} aria-busy={dashboard.isFetching || undefined}>
            {counters.map((counter) => (
              <li key={counter.label} className={styles.counter}>
                <Link className={styles.counterLink} to={counter.to}>
                  <span className={styles.counterLabel}>{counter.label}</span>
                  <span className={styles.counterValue}>{counter.value}</span>
                </Link>
              </li>
            ))}
          </ul>
          {totals && <WorkQueue queue={totals.queue} />}
          {totals && <DashboardTrendsView trends={totals.trends} />}
        </>
      )}
    </section>
  );
}

/** The work waiting now, each count a link to the list filtered to it. */
function WorkQueue({ queue }: { queue: DashboardQueue }) {
  const items = [
    {
      label: dashboardText.providersAwaitingApproval,
      count: queue.providersAwaitingApproval,
      to: `${routes.vendor}?status=awaiting`,
    },
    { label: dashboardText.withdrawRequests, count: queue.withdrawRequests, to: routes.withdraw },
    {
      label: dashboardText.supportUnanswered,
      count: queue.supportUnanswered,
      to: `${routes.support}?status=pending`,
    },
    { label: dashboardText.ticketsInProgress, count: queue.ticketsInProgress, to: `${routes.tickets}?status=pending` },
    { label: dashboardText.ratingsHidden, count: queue.ratingsHidden, to: `${routes.ratings}?status=hidden` },
    { label: dashboardText.cardPayments, count: queue.cardPayments, to: `${routes.bookingList}?payment=attention` },
  ];
  return (
    <section className={styles.queue} aria-labelledby="work-queue">
      <h3 id="work-queue">{dashboardText.workQueue}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.label}>
            <Link to={item.to} className={item.count > 0 ? styles.queueWaiting : undefined}>
              <span>{item.label}</span>
              <span className={styles.queueCount}>{countFormat.format(item.count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface RangeFormProps {
  range: DashboardRange;
  busy: boolean;
  onSearch: (startDate: string, endDate: string) => void;
}

/** From and To pickers (yyyy-MM-dd) and Search; each picker keeps the other end in bounds. */
function RangeForm({ range, busy, onSearch }: RangeFormProps) {
  const [startDate, setStartDate] = useState(range.startDate ?? '');
  const [endDate, setEndDate] = useState(range.endDate ?? '');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(startDate, endDate);
  };
  return (
    <form className={styles.rangeForm} noValidate onSubmit={submit} role="search">
      <div className={`field ${styles.rangeField}`}>
        <label id="dashboard-from-label" htmlFor="dashboard-from">
          {dashboardText.from}
        </label>
        <DatePicker
          id="dashboard-from"
          name={param.start}
          label={dashboardText.from}
          value={startDate}
          max={endDate || undefined}
          optional
          onChange={setStartDate}
        />
      </div>
      <div className={`field ${styles.rangeField}`}>
        <label id="dashboard-to-label" htmlFor="dashboard-to">
          {dashboardText.to}
        </label>
        <DatePicker
          id="dashboard-to"
          name={param.end}
          label={dashboardText.to}
          value={endDate}
          min={startDate || undefined}
          optional
          onChange={setEndDate}
        />
      </div>
      <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
        {dashboardText.search}
      </button>
    </form>
  );
}

/** A 4xx (a reversed range, say) will not change by asking again. */
function isRetryable(error: unknown) {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}
