// /Ongoing: 'Ongoing Booking', the member's requested and accepted bookings, soonest first, each
// with 'Reschedule' (ours) and 'Cancel request'. After a cancel the list reloads after 1 s;
// after a reschedule the new time shows at once.
import { useEffect, useState } from 'react';
import type { BookingItem } from '../../../contract/bookings.js';
import { bookingText as t, rescheduleText, text } from '../../../contract/messages.js';
import { useMemberSession } from '../../lib/session.js';
import { Dialog } from '../../ui/Dialog.js';
import { useToast } from '../../ui/toast.js';
import { useRefreshOnNotification } from '../notifications/index.js';
import { bookingKeys, useBookingList, useCancelBooking } from './api.js';
import { BookingCard } from './BookingCard.js';
import { BookingList } from './BookingList.js';
import styles from './bookings.module.css';
import { clockTime, dayMonthYear } from '../../lib/dates.js';
import { RescheduleDialog } from './RescheduleDialog.js';
import { errorMessage } from '../../lib/form-errors.js';

export default function OngoingPage() {
  // The provider's answer (accepted, declined, completed) arrives as a notification.
  useRefreshOnNotification(bookingKeys.all);
  const userId = useMemberSession()?.user._id ?? '';
  const list = useBookingList('ongoing', userId);
  const cancel = useCancelBooking();
  const toast = useToast();
  const [asking, setAsking] = useState<BookingItem | null>(null);
  const [moving, setMoving] = useState<BookingItem | null>(null);
  /** Cancelled here, shown so until the list reloads. */
  const [cancelled, setCancelled] = useState<Set<string>>(() => new Set());

  useEffect(() => {
    document.title = `${text.ongoingHeading} · ${text.brand}`;
  }, []);

  const confirmCancel = async () => {
    if (!asking) return;
    const booking = asking;
    try {
      const message = await cancel.mutateAsync(booking._id);
      setCancelled((set) => new Set(set).add(booking._id));
      toast.success(message ?? t.bookingCancelled);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setAsking(null);
    }
  };

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
              <button
                type="button"
                className="btn"
                disabled={gone}
                aria-describedby={`booking-${booking._id}`}
                onClick={() => setMoving(booking)}
              >
                {rescheduleText.reschedule}
              </button>
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

      <Dialog
        open={asking !== null}
        title={t.cancelTitle}
        onClose={() => setAsking(null)}
        footer={
          <>
            <button type="button" className="btn btn-outline" onClick={() => setAsking(null)}>
              {t.cancelNo}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={cancel.isPending}
              onClick={() => void confirmCancel()}
            >
              {t.cancelYes}
            </button>
          </>
        }
      >
        <p className={styles.question}>{t.cancelQuestion}</p>
        {asking && (
          <p className="muted">
            {asking.bookedto.name} · {dayMonthYear(asking.date)} · {clockTime(asking.time)}
          </p>
        )}
      </Dialog>
    </section>
  );
}
