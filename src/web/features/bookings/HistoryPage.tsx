// /History: the member's completed, declined and cancelled bookings, newest first. A completed
// booking not rated yet has 'Rate Now' (the 'Give rate' dialog); a rated one shows its rating.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { BookingItem } from '../../../contract/bookings.js';
import { bookingText as t, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useMemberSession } from '../../session.js';
import { ErrorState, Loading } from '../../ui/states.js';
import { Stars } from '../../ui/Stars.js';
import { useBookingList } from './api.js';
import { BookingCard } from './BookingCard.js';
import { BookingList } from './BookingList.js';
import styles from './bookings.module.css';
import { RateDialog } from './RateDialog.js';

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
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <BookingList
          query={list}
          empty={
            <div className={styles.empty}>
              <p>{t.noHistory}</p>
              <Link className="btn" to={routes.homeNew}>
                {t.findService}
              </Link>
            </div>
          }
          renderItem={(booking) => (
            <BookingCard booking={booking}>
              {booking.rating ? (
                <div className={styles.given}>
                  <span className={styles.givenLabel}>{t.yourRating}</span>
                  <Stars value={booking.rating.count} />
                  <p className={styles.givenComment}>{booking.rating.comment}</p>
                </div>
              ) : booking.status === 'completed' ? (
                <button type="button" className="btn" aria-describedby={`booking-${booking._id}`} onClick={() => setRating(booking)}>
                  {t.rateNow}
                </button>
              ) : null}
            </BookingCard>
          )}
        />
      )}
      <RateDialog booking={rating} memberId={userId} onClose={() => setRating(null)} />
    </section>
  );
}
