// The dashboard's trends over its range — bookings by status, booking value and platform fee, new
// members and providers — and its breakdowns by category and by city, drawn with Recharts (loaded
// with the dashboard's chunk only). Each chart is a figure with its caption and, under "Show the
// figures", the same numbers as a table: what a screen reader or a keyboard reads, and what an
// administrator copies.
import type { ReactElement, ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { bookingStatuses } from '../../../contract/bookings.js';
import type { BreakdownRow, DashboardTrends, TrendUnit } from '../../../contract/dashboard.js';
import { dashboardText as t } from '../../../contract/messages.js';
import { monthName, shortDate } from '../../lib/dates.js';
import { money } from '../../lib/format.js';
import styles from './trends.module.css';

const statusColours: Record<(typeof bookingStatuses)[number], string> = {
  requested: '#d97706',
  accepted: '#0f766e',
  completed: '#15803d',
  cancelled: '#64748b',
  declined: '#b91c1c',
  expired: '#a16207',
  awaiting_payment: '#7c3aed',
};
const countFormat = new Intl.NumberFormat('en-US');
const dollars = (cents: number) => money(cents);

/**
 * A period's label in the app's one date format: `Feb 1st 26` for a day or a week (its Monday),
 * `February 2026` for a month.
 */
const periodLabel = (period: string, unit: TrendUnit) =>
  unit === 'month' ? monthName(period.slice(0, 7)) : shortDate(period);

const unitWord: Record<TrendUnit, string> = { day: 'day', week: 'week', month: 'month' };

export default function DashboardTrendsView({ trends }: { trends: DashboardTrends }) {
  const rows = trends.points.map((p) => ({
    label: periodLabel(p.period, trends.unit),
    ...p.bookings,
    value: p.valueCents,
    fee: p.feeCents,
    newCustomers: p.newCustomers,
    newProviders: p.newProviders,
  }));
  const periodHeader = trends.unit === 'day' ? t.period : `${t.period} (${unitWord[trends.unit]} of)`;

  return (
    <section className={styles.trends} aria-labelledby="trends-title">
      <h3 id="trends-title">{t.trends}</h3>
      <p className={styles.range}>
        {t.trendsRange(shortDate(trends.from), shortDate(trends.to), unitWord[trends.unit])}
      </p>
      <div className={styles.charts}>
        <Chart
          id="trend-bookings"
          title={t.bookingsByStatus}
          headers={[periodHeader, ...bookingStatuses.map((s) => t.statuses[s])]}
          rows={rows.map((r) => [r.label, ...bookingStatuses.map((s) => countFormat.format(r[s]))])}
        >
          <CountBars rows={rows}>
            {bookingStatuses.map((status) => (
              <Bar
                key={status}
                dataKey={status}
                name={t.statuses[status]}
                stackId="bookings"
                fill={statusColours[status]}
              />
            ))}
          </CountBars>
        </Chart>

        <Chart
          id="trend-value"
          title={t.valueAndFee}
          headers={[periodHeader, t.value, t.fee]}
          rows={rows.map((r) => [r.label, dollars(r.value), dollars(r.fee)])}
        >
          <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={12} />
            <YAxis tick={{ fontSize: 12 }} tickFormatter={(cents: number) => `$${Math.round(cents / 100)}`} />
            <Tooltip formatter={(cents) => dollars(Number(cents))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line type="linear" dataKey="value" name={t.value} stroke="#0f766e" strokeWidth={2} dot={false} />
            <Line type="linear" dataKey="fee" name={t.fee} stroke="#7c3aed" strokeWidth={2} dot={false} />
          </LineChart>
        </Chart>

        <Chart
          id="trend-members"
          title={t.newMembers}
          headers={[periodHeader, t.newCustomers, t.newProviders]}
          rows={rows.map((r) => [r.label, countFormat.format(r.newCustomers), countFormat.format(r.newProviders)])}
        >
          <CountBars rows={rows}>
            <Bar dataKey="newCustomers" name={t.newCustomers} fill="#2563eb" />
            <Bar dataKey="newProviders" name={t.newProviders} fill="#0f766e" />
          </CountBars>
        </Chart>

        <Breakdown id="by-category" title={t.byCategory} nameHeader={t.category} rows={trends.byCategory} />
        <Breakdown id="by-city" title={t.byCity} nameHeader={t.city} rows={trends.byCity} />
      </div>
    </section>
  );
}

type TrendRow = { label: string };

/** Counts by period as bars, with the axes, grid and legend of the charts by period. */
function CountBars({ rows, children }: { rows: TrendRow[]; children: ReactNode }) {
  return (
    <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={12} />
      <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
      <Tooltip />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {children}
    </BarChart>
  );
}

/** Bookings of the range by a category's or a city's name, most first. */
function Breakdown({
  id,
  title,
  nameHeader,
  rows,
}: {
  id: string;
  title: string;
  nameHeader: string;
  rows: BreakdownRow[];
}) {
  return (
    <Chart
      id={id}
      title={title}
      empty={rows.length === 0}
      height={Math.max(120, rows.length * 36 + 40)}
      headers={[nameHeader, t.bookings, t.value]}
      rows={rows.map((r) => [r.name, countFormat.format(r.bookings), dollars(r.valueCents)])}
    >
      <BarChart
        data={rows}
        layout="vertical"
        margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Bar dataKey="bookings" name={t.bookings} fill="#0f766e" />
      </BarChart>
    </Chart>
  );
}

function Chart({
  id,
  title,
  height = 240,
  empty = false,
  headers,
  rows,
  children,
}: {
  id: string;
  title: string;
  height?: number;
  /** Nothing to draw: a sentence instead. */
  empty?: boolean;
  /** The same figures as a table, under "Show the figures". */
  headers: string[];
  rows: string[][];
  children: ReactElement;
}) {
  return (
    <figure className={styles.figure} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.caption}>
        {title}
      </figcaption>
      {empty ? (
        <p className={styles.empty}>{t.nothingInRange}</p>
      ) : (
        // The drawing repeats the table below (the charts take no focus): screen readers read the table.
        <div className={styles.plot} style={{ height }} aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      )}
      <details className={styles.details}>
        <summary>{t.showTable}</summary>
        <FigureTable headers={headers} rows={rows} />
      </details>
    </figure>
  );
}

function FigureTable({ headers, rows }: { headers: string[]; rows: string[][] }) {
  return (
    // A long range scrolls inside its box, which the keyboard can scroll too.
    <div className={styles.tableWrap} tabIndex={0} role="group" aria-label={t.showTable}>
      <table className={styles.table}>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
