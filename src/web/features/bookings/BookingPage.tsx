// /bookings/:id: one booking for a signed-in member. Its customer reads the summary, the reference,
// the price and payment, the timeline and the provider, and may add it to a calendar, move it or
// cancel it (the policy's consequence spelled out first); once completed, print the receipt and
// rate it (then the page shows the rating); once over, book the same provider and service again.
// Its provider reads the customer instead and has the Jobs page's answers. The server decides
// every change; the page refreshes when a notification says the booking moved on.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { BookingDetail } from '../../../contract/checkout.js';
import {
  bookingPageText as t,
  bookingText,
  cardText,
  providerPortalText as portal,
  rescheduleText,
  text,
} from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { ApiError } from '../../lib/api.js';
import { errorMessage } from '../../lib/form-errors.js';
import { useSignedInMember } from '../../lib/session.js';
import { Stars } from '../../ui/Stars.js';
import { ErrorState, Loading } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { useRefreshOnNotification } from '../notifications/index.js';
import { bookingPageKeys, downloadBookingCalendar, useBooking } from './booking.api.js';
import {
  cancelConsequence,
  cancelTerms,
  canComplete,
  directionsUrl,
  isOngoing,
  viewerOf,
  type Viewer,
} from './booking-page.js';
import { StatusBadge } from './BookingCard.js';
import { Card, Party, Price, reference, Summary, Timeline } from './BookingDetails.js';
import { useJobAnswers } from './portal/useJobAnswers.js';
import { BookingDialog } from './BookingDialog.js';
import { RateDialog } from './RateDialog.js';
import { RescheduleDialog } from './RescheduleDialog.js';
import { CancelBookingDialog } from './CancelBookingDialog.js';
import styles from './bookingPage.module.css';
import { instantTime, zonedDateTime } from '../../lib/dates.js';
import { money } from '../../lib/format.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function BookingPage() {
  const raw = useParams().id ?? '';
  const id = uuid.test(raw) ? raw : null;
  const member = useSignedInMember();
  const booking = useBooking(id);
  useRefreshOnNotification(bookingPageKeys.detail(id ?? ''));

  const problem = !id
    ? t.linkInvalid
    : booking.error instanceof ApiError && booking.error.status === 404
      ? t.notFound
      : booking.error instanceof ApiError && booking.error.status === 403
        ? t.notYours
        : null;

  let body;
  if (problem) body = <Problem message={problem} />;
  else if (booking.isPending) body = <Loading />;
  else if (booking.isError) body = <ErrorState error={booking.error} onRetry={() => void booking.refetch()} />;
  else body = <Booking booking={booking.data} viewer={viewerOf(booking.data, member.user._id)} />;

  return (
    <section className="container page" aria-labelledby="booking-heading">
      {(problem || !booking.data) && (
        <>
          <title>{`${t.title} · ${text.brand}`}</title>
          <h1 id="booking-heading">{t.title}</h1>
        </>
      )}
      {body}
    </section>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <div className={`${styles.card} ${styles.problem}`} role="alert">
      <p>{message}</p>
      <Link to={routes.ongoing}>{t.backToOngoing}</Link>
    </div>
  );
}

function Booking({ booking, viewer }: { booking: BookingDetail; viewer: Exclude<Viewer, 'admin'> }) {
  const customerView = viewer === 'customer';
  const heading = customerView ? t.withProvider(booking.bookedto.name) : t.forCustomer(booking.customer.name);
  const back = customerView
    ? isOngoing(booking.status) || booking.status === 'awaiting_payment'
      ? { to: routes.ongoing, label: t.backToOngoing }
      : { to: routes.history, label: t.backToHistory }
    : { to: routes.providerJobs, label: t.backToJobs };

  return (
    <>
      <title>{`${heading} · ${text.brand}`}</title>
      <Link className={styles.back} to={back.to}>
        ← {back.label}
      </Link>
      <header className={styles.head}>
        <div>
          <h1 id="booking-heading">{heading}</h1>
          <p className={styles.ref}>
            <span>{reference(booking)}</span>
            <StatusBadge status={booking.status} />
          </p>
        </div>
      </header>
      <div className={styles.layout}>
        <div className={styles.column}>
          <Summary booking={booking} />
          <Timeline booking={booking} />
        </div>
        <div className={styles.column}>
          {customerView ? (
            <Party
              title={t.provider}
              id="booking-provider"
              person={booking.bookedto}
              detail={booking.bookedto.address && <p className={styles.partyDetail}>{booking.bookedto.address}</p>}
            />
          ) : (
            <Party
              title={t.customer}
              id="booking-customer"
              person={booking.customer}
              detail={
                // While the provider still has to go there.
                isOngoing(booking.status) &&
                booking.address && (
                  <a
                    className={styles.partyLink}
                    href={directionsUrl(booking.address)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {portal.directions} <span className="visually-hidden">{portal.opensNewTab}</span>
                  </a>
                )
              }
            />
          )}
          <Price booking={booking} viewer={viewer} />
          {!customerView ? (
            <ProviderActions booking={booking} />
          ) : booking.status === 'awaiting_payment' ? (
            <PaymentActions booking={booking} />
          ) : isOngoing(booking.status) ? (
            <CustomerActions booking={booking} />
          ) : (
            <FinishedActions booking={booking} />
          )}
        </div>
      </div>
    </>
  );
}

function CalendarButton({ booking }: { booking: BookingDetail }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadBookingCalendar(booking._id);
    } catch (error) {
      toast.error(error instanceof ApiError ? errorMessage(error) : t.calendarFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void onClick()}>
      {t.addToCalendar}
    </button>
  );
}

/** Add to calendar, Reschedule and Cancel while the booking is ongoing. */
function CustomerActions({ booking }: { booking: BookingDetail }) {
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState(false);
  const [asking, setAsking] = useState<Date | null>(null);
  if (!isOngoing(booking.status)) return null;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: bookingPageKeys.detail(booking._id) });
  const terms = cancelTerms(booking, new Date());
  return (
    <Card title={t.actions} id="booking-actions">
      <div className={styles.actions}>
        <CalendarButton booking={booking} />
        <button type="button" className="btn btn-outline" onClick={() => setMoving(true)}>
          {rescheduleText.reschedule}
        </button>
        <button type="button" className="btn btn-danger" onClick={() => setAsking(new Date())}>
          {t.cancelBooking}
        </button>
      </div>
      <p className={styles.policy}>
        <span className={styles.policyLabel}>{t.cancellation}</span>
        {cancelConsequence(booking, new Date())}.
        {terms.free && terms.until && (
          <> {t.feeLater(money(terms.feeCents), zonedDateTime(terms.until.toISOString(), booking.timeZone))}</>
        )}
      </p>

      <RescheduleDialog
        booking={moving ? booking : null}
        onClose={() => {
          setMoving(false);
          refresh();
        }}
      />
      <CancelBookingDialog
        bookingId={asking ? booking._id : null}
        title={t.cancelTitle}
        onClose={() => {
          setAsking(null);
          refresh();
        }}
      >
        {asking && <p className={styles.consequence}>{cancelConsequence(booking, asking)}</p>}
      </CancelBookingDialog>
    </Card>
  );
}

/**
 * While a card booking waits for its payment: pay on Stripe's page (until the hold lapses), or
 * give the time up. Back from Stripe's page, the payment is being confirmed: the page asks again
 * until Stripe's webhook has made the booking a request.
 */
function PaymentActions({ booking }: { booking: BookingDetail }) {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [asking, setAsking] = useState(false);
  const card = booking.card;
  return (
    <Card title={t.actions} id="booking-actions">
      {params.get('paid') === '1' ? (
        <p className={styles.policy} role="status">
          {cardText.waiting}
        </p>
      ) : (
        card && <p className={styles.policy}>{t.payBy(instantTime(card.holdUntil))}</p>
      )}
      <div className={styles.actions}>
        {card?.payUrl && (
          <a className="btn" href={card.payUrl}>
            {t.payNow}
          </a>
        )}
        <button type="button" className="btn btn-danger" onClick={() => setAsking(true)}>
          {t.cancelBooking}
        </button>
      </div>
      <CancelBookingDialog
        bookingId={asking ? booking._id : null}
        title={t.cancelTitle}
        onClose={() => {
          setAsking(false);
          void queryClient.invalidateQueries({ queryKey: bookingPageKeys.detail(booking._id) });
        }}
      >
        <p className={styles.consequence}>{t.freeUnpaid}</p>
      </CancelBookingDialog>
    </Card>
  );
}

/** Once it is over: Rate Now while a completed job is unrated, then the rating; Book again. */
function FinishedActions({ booking }: { booking: BookingDetail }) {
  const queryClient = useQueryClient();
  const member = useSignedInMember();
  const [rating, setRating] = useState(false);
  const [bookingAgain, setBookingAgain] = useState(false);
  return (
    <Card title={t.actions} id="booking-actions">
      {booking.rating && (
        <div className={styles.given}>
          <span className={styles.givenLabel}>{bookingText.yourRating}</span>
          <Stars value={booking.rating.count} />
          <p className={styles.givenComment}>{booking.rating.comment}</p>
        </div>
      )}
      <div className={styles.actions}>
        {booking.status === 'completed' && !booking.rated && (
          <button type="button" className="btn" onClick={() => setRating(true)}>
            {bookingText.rateNow}
          </button>
        )}
        <button type="button" className="btn btn-outline" onClick={() => setBookingAgain(true)}>
          {t.bookAgain}
        </button>
      </div>
      <RateDialog
        booking={rating ? booking : null}
        memberId={member.user._id}
        onClose={() => {
          setRating(false);
          void queryClient.invalidateQueries({ queryKey: bookingPageKeys.detail(booking._id) });
        }}
      />
      <BookingDialog
        provider={booking.bookedto}
        serviceId={booking.service?._id ?? null}
        hours={booking.hours}
        open={bookingAgain}
        onClose={() => setBookingAgain(false)}
      />
    </Card>
  );
}

/** The Jobs page's answers: Accept and Decline a request, Mark completed once its time has come. */
function ProviderActions({ booking }: { booking: BookingDetail }) {
  const completable = canComplete(booking, new Date());
  const { buttons, question } = useJobAnswers(booking, completable);
  if (!isOngoing(booking.status)) return null;

  return (
    <Card title={t.actions} id="booking-actions">
      <div className={styles.actions}>
        {buttons}
        <CalendarButton booking={booking} />
      </div>
      {completable && <p className={styles.policy}>{portal.awaitingCompletion}</p>}
      {question}
    </Card>
  );
}
