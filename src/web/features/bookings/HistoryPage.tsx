// /History: the member's completed, declined, cancelled and expired bookings, newest first. A completed
// booking not rated yet has 'Rate Now' (the 'Give rate' dialog); a rated one shows its rating. An
// expired request links to the provider's dialog, to book another of its free times.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { BookingItem } from '../../../contract/bookings.js';
import { bookingText as t, text } from '../../../contract/messages.js';
import { useMemberSession } from '../../lib/session.js';
import { Stars } from '../../ui/Stars.js';
import { useBookingList } from './api.js';
import { BookingCard } from './BookingCard.js';
import { BookingList } from './BookingList.js';
import styles from './bookings.module.css';
import { RateDialog } from './RateDialog.js';
import { providerPath } from '../../../contract/paths.js';

export default function HistoryPage() {
  const userId = useMemberSession()?.user._id ?? '';
  const list = useBookingList('previous', userId);
  const [rating, setRating] = useState<BookingItem | null>(null);

  useEffect(() => {
    document.title = `${t.historyHeading} · ${text.brand}`;
  }, []);

  return (
    <section className={`container page ${styles.page}`} aria-labelledby="history-heading">
      <h1 id="history-heading">{t.historyHeading}</h1>
      <BookingList
        query={list}
        empty={t.noHistory}
        renderItem={(booking) => (
          <BookingCard booking={booking}>
            {booking.rating ? (
              <div className={styles.given}>
                <span className={styles.givenLabel}>{t.yourRating}</span>
                <Stars value={booking.rating.count} />
                <p className={styles.givenComment}>{booking.rating.comment}</p>
              </div>
            ) : booking.status === 'completed' ? (
              <button
                type="button"
                className="btn"
                aria-describedby={`booking-${booking._id}`}
                onClick={() => setRating(booking)}
              >
                {t.rateNow}
              </button>
            ) : booking.status === 'expired' ? (
              <Link
                className="btn btn-outline"
                to={providerPath(booking.bookedto._id, booking.service?._id)}
                aria-describedby={`booking-${booking._id}`}
              >
                {t.bookAnotherTime}
              </Link>
            ) : null}
          </BookingCard>
        )}
      />
      <RateDialog booking={rating} memberId={userId} onClose={() => setRating(null)} />
    </section>
  );
}
