// The parts of one booking's page that every version shows: the summary, a party (picture, name,
// a link to their conversation), the price with its payment (the receipt once completed, and the
// sheet that prints), and the status timeline.
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { bookingReference } from '../../../contract/bookings.js';
import type { BookingDetail } from '../../../contract/checkout.js';
import { bookingPageText as t, checkoutFormText as c, text } from '../../../contract/messages.js';
import { conversationPath } from '../../../contract/paths.js';
import { clockTime, dayMonthYear, weekday, zoneAbbreviation, zoneName, zonedDateTime } from '../../lib/dates.js';
import { money } from '../../lib/format.js';
import { contactHidden, paymentState, providerShareCents, timelineSteps, type Viewer } from './booking-page.js';
import { Portrait } from './BookingCard.js';
import styles from './bookingPage.module.css';

/** A card with its heading (h2 on the member's pages, h3 inside the back-office's h2). */
export function Card({
  title,
  id,
  level = 2,
  className,
  children,
}: {
  title: string;
  id: string;
  level?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section className={`${styles.card} ${className ?? ''}`} aria-labelledby={id}>
      <Heading id={id} className={styles.cardTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

export const reference = (booking: Pick<BookingDetail, '_id'>) => t.reference(bookingReference(booking._id));

/** When the job is: the provider's date, time and zone. */
export function when(booking: BookingDetail) {
  return {
    date: `${weekday(booking.date)}, ${dayMonthYear(booking.date)}`,
    time: `${clockTime(booking.time)} ${zoneAbbreviation(booking.startsAt, booking.timeZone)}`,
  };
}

/** Hours booked of an hourly service (with the expected time when it differs), else the expected time. */
export function duration(booking: Pick<BookingDetail, 'hours' | 'durationMinutes'>) {
  const expected = t.expected(t.minutes(booking.durationMinutes));
  if (booking.hours === null) return expected;
  const booked = t.hoursBooked(booking.hours);
  return booking.durationMinutes === booking.hours * 60 ? booked : `${booked} (${expected.toLowerCase()})`;
}

export function Summary({ booking, level }: { booking: BookingDetail; level?: 2 | 3 }) {
  const { date, time } = when(booking);
  return (
    <Card title={t.summary} id="booking-summary" level={level}>
      <dl className={styles.facts}>
        <div>
          <dt>{t.service}</dt>
          <dd>{booking.service?.title ?? t.noService}</dd>
        </div>
        <div>
          <dt>{t.date}</dt>
          <dd>{date}</dd>
        </div>
        <div>
          <dt>{t.time}</dt>
          <dd>{time}</dd>
        </div>
        <div>
          <dt>{t.duration}</dt>
          <dd>{duration(booking)}</dd>
        </div>
        <div>
          <dt>{booking.phone ? t.address : t.area}</dt>
          <dd>{booking.address ?? '—'}</dd>
        </div>
        <div>
          <dt>{t.phone}</dt>
          <dd>
            {booking.phone ? <a href={`tel:${booking.phone}`}>{booking.phone}</a> : contactHidden(booking.status)}
          </dd>
        </div>
        {booking.description && (
          <div>
            <dt>{t.description}</dt>
            <dd className={styles.description}>{booking.description}</dd>
          </div>
        )}
      </dl>
      <p className={styles.note}>{t.zoneNote(zoneName(booking.startsAt, booking.timeZone))}</p>
    </Card>
  );
}

/** One side of the booking: picture, name, what else is known, and a link to their conversation. */
export function Party({
  title,
  id,
  person,
  level,
  detail,
  messageLink = true,
  nameLink,
}: {
  title: string;
  id: string;
  person: { _id: string; name: string; image: string | null };
  level?: 2 | 3;
  detail?: ReactNode;
  /** A member's page links to the thread with the other side; the back-office has none. */
  messageLink?: boolean;
  /** Where the name leads (the back-office's member pages). */
  nameLink?: string;
}) {
  return (
    <Card title={title} id={id} level={level}>
      <div className={styles.party}>
        <Portrait src={person.image} name={person.name} />
        <div className={styles.partyBody}>
          <p className={styles.partyName}>{nameLink ? <Link to={nameLink}>{person.name}</Link> : person.name}</p>
          {detail}
          {messageLink && (
            <Link className={styles.partyLink} to={conversationPath(person._id)}>
              {t.message(person.name)}
            </Link>
          )}
        </div>
      </div>
    </Card>
  );
}

function Breakdown({ booking, viewer }: { booking: BookingDetail; viewer: Viewer }) {
  const { price } = booking;
  // The customer reads what they paid; the provider and the back-office also what it earned.
  const share = viewer === 'customer' ? null : providerShareCents(booking);
  return (
    <>
      <dl className={styles.lines}>
        {booking.hours !== null && (
          <div>
            <dt>{c.hours}</dt>
            <dd>{c.hourlyDetail(money(price.serviceCents / booking.hours), booking.hours)}</dd>
          </div>
        )}
        <div>
          <dt>{t.serviceLine}</dt>
          <dd>{money(price.serviceCents)}</dd>
        </div>
        <div>
          <dt>{t.platformFee}</dt>
          <dd>{money(price.feeCents)}</dd>
        </div>
        {price.discountCents > 0 && (
          <div>
            <dt>{t.offerDiscount}</dt>
            <dd>−{money(price.discountCents)}</dd>
          </div>
        )}
        <div className={styles.total}>
          <dt>{t.total}</dt>
          <dd>{money(price.totalCents)}</dd>
        </div>
        {share !== null && (
          <div>
            <dt>{t.providerShare}</dt>
            <dd>{money(share)}</dd>
          </div>
        )}
        {booking.cancellationChargedCents > 0 && (
          <div>
            <dt>{t.cancellationCharged}</dt>
            <dd>{money(booking.cancellationChargedCents)}</dd>
          </div>
        )}
      </dl>
      <p className={styles.payment}>
        <span className={styles.paymentLabel}>{t.payment}: </span>
        {paymentState(booking, viewer)}
      </p>
    </>
  );
}

/**
 * The price and payment; once the job is completed, the receipt, with a button that prints it.
 * The printed sheet is its own element at the end of the body: the print style shows it alone.
 */
export function Price({ booking, viewer, level }: { booking: BookingDetail; viewer: Viewer; level?: 2 | 3 }) {
  const completed = booking.status === 'completed';
  return (
    <Card title={completed ? t.receipt : t.price} id="booking-price" level={level}>
      <Breakdown booking={booking} viewer={viewer} />
      {completed && (
        <>
          <button type="button" className={`btn btn-outline ${styles.printButton}`} onClick={() => window.print()}>
            {t.printReceipt}
          </button>
          {createPortal(<ReceiptSheet booking={booking} viewer={viewer} />, document.body)}
        </>
      )}
    </Card>
  );
}

/** What prints: the receipt alone, with who, what and when. Hidden on screen. */
function ReceiptSheet({ booking, viewer }: { booking: BookingDetail; viewer: Viewer }) {
  const { date, time } = when(booking);
  const completedAt = booking.timeline.findLast((step) => step.status === 'completed')?.at;
  return (
    <div className={styles.printSheet} data-testid="receipt-sheet">
      <p className={styles.sheetBrand}>{text.brand}</p>
      <p className={styles.sheetTitle}>{t.receipt}</p>
      <p>{reference(booking)}</p>
      <dl className={styles.lines}>
        <div>
          <dt>{t.billedTo}</dt>
          <dd>{booking.customer.name}</dd>
        </div>
        <div>
          <dt>{t.provider}</dt>
          <dd>{booking.bookedto.name}</dd>
        </div>
        <div>
          <dt>{t.service}</dt>
          <dd>{booking.service?.title ?? t.noService}</dd>
        </div>
        <div>
          <dt>{t.serviceDate}</dt>
          <dd>
            {date}, {time}
          </dd>
        </div>
        <div>
          <dt>{booking.phone ? t.address : t.area}</dt>
          <dd>{booking.address ?? '—'}</dd>
        </div>
        {completedAt && (
          <div>
            <dt>{t.step.completed}</dt>
            <dd>{zonedDateTime(completedAt, booking.timeZone)}</dd>
          </div>
        )}
      </dl>
      <Breakdown booking={booking} viewer={viewer} />
    </div>
  );
}

export function Timeline({ booking, level }: { booking: BookingDetail; level?: 2 | 3 }) {
  const steps = timelineSteps(booking);
  return (
    <Card title={t.timeline} id="booking-timeline" level={level}>
      <ol className={styles.timeline}>
        {steps.map((step) => (
          <li
            key={step.key}
            className={step.at ? styles.step : `${styles.step} ${styles.stepFuture}`}
            aria-current={step.current ? 'step' : undefined}
          >
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.stepLabel}>{step.label}</span>
            {step.at ? (
              <time className={styles.stepTime} dateTime={step.at}>
                {zonedDateTime(step.at, booking.timeZone)}
              </time>
            ) : (
              <span className={styles.stepTime}>{t.notYet}</span>
            )}
            {step.detail && <span className={styles.stepDetail}>{step.detail}</span>}
          </li>
        ))}
      </ol>
    </Card>
  );
}
