// One booking as /Ongoing and /History show it: the provider's photo and name, the service, the
// date (DD-MM-YYYY), the time (h:mm A), the address, a status badge, the link to the booking's
// own page, and the list's action.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookingItem } from '../../../contract/bookings.js';
import { bookingPageText, bookingText as t } from '../../../contract/messages.js';
import { fill, routes } from '../../../contract/paths.js';
import { money } from '../../lib/format.js';
import { imageUrl } from '../../lib/images.js';
import pills from '../../ui/pills.module.css';
import styles from './bookings.module.css';
import { clockTime, dayMonthYear } from '../../lib/dates.js';

export function StatusBadge({ status }: { status: BookingItem['status'] }) {
  return <span className={`${pills.badge} ${pills[status]}`}>{t.status[status]}</span>;
}

/** A person's picture, or their initials when they have none. */
export function Portrait({ src, name }: { src: string | null; name: string }) {
  const url = imageUrl(src);
  if (url)
    return <img className={styles.portrait} src={url} alt="" width={72} height={72} loading="lazy" decoding="async" />;
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className={`${styles.portrait} ${styles.initials}`} aria-hidden="true">
      {initials}
    </span>
  );
}

export function BookingCard({
  booking,
  status,
  children,
}: {
  booking: BookingItem;
  status?: BookingItem['status'];
  children?: ReactNode;
}) {
  const headingId = `booking-${booking._id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <Portrait src={booking.bookedto.image} name={booking.bookedto.name} />
      <div className={styles.cardBody}>
        <div className={styles.cardTop}>
          <h2 id={headingId} className={styles.cardTitle}>
            {booking.bookedto.name}
          </h2>
          <StatusBadge status={status ?? booking.status} />
        </div>
        {booking.service && <p className={styles.service}>{booking.service.title}</p>}
        <dl className={styles.facts}>
          <div>
            <dt>{t.date}</dt>
            <dd>{dayMonthYear(booking.date)}</dd>
          </div>
          <div>
            <dt>{t.time}</dt>
            <dd>{clockTime(booking.time)}</dd>
          </div>
          <div className={styles.wide}>
            <dt>{t.address}</dt>
            <dd>{booking.address}</dd>
          </div>
        </dl>
        <p className={styles.charges}>{money(booking.price.totalCents)}</p>
        <Link className={styles.open} to={fill(routes.booking, { id: booking._id })} aria-describedby={headingId}>
          {bookingPageText.open}
        </Link>
      </div>
      {children && <div className={styles.actions}>{children}</div>}
    </article>
  );
}
