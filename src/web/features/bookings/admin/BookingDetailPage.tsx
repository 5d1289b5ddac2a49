// /bookingDetail?id=…: one booking in the back-office, both parties (each leading to their page),
// the summary, the price and payment and the timeline; no member's actions, but a card payment's
// refund and what waits about it (a dispute). A link without a valid
// id, or to a booking that does not exist, says so and leads back to /bookinglist.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { bookingPageText as t, refundText as r, text } from '../../../../contract/messages.js';
import type { CardPayment as CardPaymentState } from '../../../../contract/payments.js';
import { routes } from '../../../../contract/paths.js';
import { ApiError } from '../../../lib/api.js';
import pageHead from '../../../ui/pageHead.module.css';
import { QueryState } from '../../../ui/states.js';
import { useBooking } from '../booking.api.js';
import { StatusBadge } from '../BookingCard.js';
import { Card, Party, Price, reference, Summary, Timeline } from '../BookingDetails.js';
import styles from '../bookingPage.module.css';
import { money } from '../../../lib/format.js';
import { RefundDialog } from './RefundDialog.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function BookingDetailPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = raw && uuid.test(raw) ? raw : null;
  const booking = useBooking(id, 'admin');
  const problem = !id
    ? t.linkInvalid
    : booking.error instanceof ApiError && booking.error.status === 404
      ? t.notFound
      : null;

  return (
    <section aria-labelledby="booking-title">
      <title>{`${t.adminTitle} · ${text.brand}`}</title>
      <div className={`${pageHead.head} ${styles.head}`}>
        <div>
          <h2 id="booking-title" className={pageHead.title}>
            {t.adminTitle}
          </h2>
          {booking.data && (
            <p className={styles.ref}>
              <span>{reference(booking.data)}</span>
              <StatusBadge status={booking.data.status} />
            </p>
          )}
        </div>
        <Link to={routes.bookingList} className="btn btn-outline">
          {t.backToList}
        </Link>
      </div>
      {problem ? (
        <div className={`${styles.card} ${styles.problem}`} role="alert">
          <p>{problem}</p>
        </div>
      ) : (
        <QueryState query={booking}>
          {(data) => (
            <div className={styles.layout}>
              <div className={styles.column}>
                <Summary booking={data} level={3} />
                <Timeline booking={data} level={3} />
              </div>
              <div className={styles.column}>
                <Party
                  title={t.customer}
                  id="booking-customer"
                  person={data.customer}
                  level={3}
                  messageLink={false}
                  nameLink={`${routes.userDetail}?id=${data.customer._id}`}
                />
                <Party
                  title={t.provider}
                  id="booking-provider"
                  person={data.bookedto}
                  level={3}
                  messageLink={false}
                  nameLink={`${routes.vendorDetail}?id=${data.bookedto._id}`}
                />
                <Price booking={data} viewer="admin" level={3} />
                {data.card && <CardPayment bookingId={data._id} card={data.card} />}
              </div>
            </div>
          )}
        </QueryState>
      )}
    </section>
  );
}

/**
 * A card payment's business for an administrator: what waits for them (a dispute, a call Stripe
 * kept refusing), and Refund while something of the charge is left to give back.
 */
function CardPayment({ bookingId, card }: { bookingId: string; card: CardPaymentState }) {
  const [refunding, setRefunding] = useState(false);
  const leftCents = card.status === 'captured' ? card.chargedCents - card.refundedCents : 0;
  if (!card.attention && leftCents <= 0) return null;
  return (
    <Card title={r.title} id="booking-refund" level={3}>
      {card.attention && (
        <p className={styles.problem} role="alert">
          {r.attention[card.attention]}
        </p>
      )}
      {leftCents > 0 && (
        <>
          <p className={styles.policy}>{r.lead(money(card.chargedCents), money(leftCents))}</p>
          <div className={styles.actions}>
            <button type="button" className="btn btn-outline" onClick={() => setRefunding(true)}>
              {r.submit}
            </button>
          </div>
        </>
      )}
      {refunding && <RefundDialog bookingId={bookingId} leftCents={leftCents} onClose={() => setRefunding(false)} />}
    </Card>
  );
}
