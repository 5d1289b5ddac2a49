// /Ongoing: 'Ongoing Booking', the member's requested and accepted bookings, soonest first, each
// with 'Reschedule' (ours) and 'Cancel request'. After a cancel the list reloads after 1 s;
// after a reschedule the new time shows at once.
import { useEffect, useState } from 'react';
import type { BookingItem } from '../../../contract/bookings.js';
import { bookingText as t, rescheduleText, text } from '../../../contract/messages.js';
import { useMemberSession } from '../../lib/session.js';
import { useRefreshOnNotification } from '../notifications/index.js';
import { bookingKeys, useBookingList } from './api.js';
import { BookingCard } from './BookingCard.js';
import { BookingList } from './BookingList.js';
import styles from './bookings.module.css';
import { clockTime, dayMonthYear } from '../../lib/dates.js';
import { RescheduleDialog } from './RescheduleDialog.js';
import { CancelBookingDialog } from './CancelBookingDialog.js';

export default function OngoingPage() {
  // The provider's answer (accepted, declined, completed) arrives as a notification.
  useRefreshOnNotification(bookingKeys.all);
  const userId = useMemberSession()?.user._id ?? '';
  const list = useBookingList('ongoing', userId);
  const [asking, setAsking] = useState<BookingItem | null>(null);
  const [moving, setMoving] = useState<BookingItem | null>(null);
  /** Cancelled here, shown so until the list reloads. */
  const [cancelled, setCancelled] = useState<Set<string>>(() => new Set());

  useEffect(() => {
    document.title = `${text.ongoingHeading} · ${text.brand}`;
  }, []);

  return (
    <section className={`container page ${styles.page}`} aria-labelledby="ongoing-heading">
      <h1 id="ongoing-heading">{text.ongoingHeading}</h1>
      <BookingList
        query={list}
        empty={t.noOngoing}
        renderItem={(booking) => {
          const gone = cancelled.has(booking._id);
          return (
            <BookingCard booking={booking} status={gone ? 'cancelled' : undefined}>
              {/* One still being paid for is paid, or given up, on its page. */}
              {booking.status !== 'awaiting_payment' && (
                <button
                  type="button"
                  className="btn"
                  disabled={gone}
                  aria-describedby={`booking-${booking._id}`}
                  onClick={() => setMoving(booking)}
                >
                  {rescheduleText.reschedule}
                </button>
              )}
              <button
                type="button"
                className="btn btn-outline"
                disabled={gone}
                aria-describedby={`booking-${booking._id}`}
                onClick={() => setAsking(booking)}
              >
                {t.cancelRequest}
              </button>
            </BookingCard>
          );
        }}
      />

      <RescheduleDialog booking={moving} onClose={() => setMoving(null)} />

      <CancelBookingDialog
        bookingId={asking?._id ?? null}
        title={t.cancelTitle}
        onClose={() => setAsking(null)}
        onCancelled={(id) => setCancelled((set) => new Set(set).add(id))}
      >
        {asking && (
          <p className="muted">
            {asking.bookedto.name} · {dayMonthYear(asking.date)} · {clockTime(asking.time)}
          </p>
        )}
      </CancelBookingDialog>
    </section>
  );
}
