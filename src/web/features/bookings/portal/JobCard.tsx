// A job as the provider's pages show it (/provider/jobs, /provider): the customer, service, day,
// time, phone, address and description, the price, how long a request has left before it expires,
// and links to the booking, the thread with the customer and, while someone still has to go there,
// directions. `JobAnswers` are the buttons the job's status offers — Accept, and Decline or Mark
// completed (each after a question); the server decides, and a refused answer (another tab answered
// first) says why while the lists reload.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { bookingPageText, bookingText, providerPortalText as t } from '../../../../contract/messages.js';
import { conversationPath, fill, routes } from '../../../../contract/paths.js';
import type { JobItem } from '../../../../contract/portal.js';
import { clockTime, dayMonthYear } from '../../../lib/dates.js';
import { money } from '../../../lib/format.js';
import { StatusBadge } from '../BookingCard.js';
import { contactHidden, directionsUrl, isOngoing } from '../booking-page.js';
import styles from '../bookings.module.css';
import { useJobAnswers } from './useJobAnswers.js';

export function JobCard({
  job,
  children,
  level = 2,
}: {
  job: JobItem;
  children?: ReactNode;
  /** The customer's name is a heading of this level (3 inside a section of the page). */
  level?: 2 | 3;
}) {
  const headingId = `job-${job._id}`;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className={`${styles.card} ${styles.jobCard}`} aria-labelledby={headingId}>
      <div className={styles.cardBody}>
        <div className={styles.cardTop}>
          <Heading id={headingId} className={styles.cardTitle}>
            {job.customer.name}
          </Heading>
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
            <dd>{job.phone ? <a href={`tel:${job.phone}`}>{job.phone}</a> : contactHidden(job.status)}</dd>
          </div>
          <div className={styles.wide}>
            <dt>{job.phone ? bookingText.address : bookingPageText.area}</dt>
            <dd>{job.address ?? '—'}</dd>
          </div>
          <div className={styles.wide}>
            <dt>{t.description}</dt>
            <dd>{job.description}</dd>
          </div>
        </dl>
        <p className={styles.charges}>{money(job.price.totalCents)}</p>
        {job.status === 'accepted' && job.canComplete && <p className="muted">{t.awaitingCompletion}</p>}
        {job.expiresAt && <p className={styles.expires}>{t.answerWithin(minutesUntil(job.expiresAt))}</p>}
        <p className={styles.jobLinks}>
          <Link to={fill(routes.booking, { id: job._id })} aria-describedby={headingId}>
            {bookingPageText.open}
          </Link>
          <Link to={conversationPath(job.customer._id)}>{bookingPageText.message(job.customer.name)}</Link>
          {/* While someone still has to go there. */}
          {isOngoing(job.status) && job.address && (
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

/** Whole minutes from now until `iso`, rounded down (0 once it has passed). */
function minutesUntil(iso: string): number {
  return Math.max(0, Math.floor((Date.parse(iso) - Date.now()) / 60_000));
}

/** What the provider can answer: Accept and Decline for a request, Mark completed once the job's time has passed. */
export function JobAnswers({ job }: { job: JobItem }) {
  const { buttons, question } = useJobAnswers(job, job.canComplete, `job-${job._id}`);
  return (
    <>
      {buttons}
      {question}
    </>
  );
}
