// The checkout's second step: what was chosen, a booking of the customer's own at the same time,
// the provider's coupons, the price, how to pay and the cancellation policy. The price is worked
// out with the server's own rules (the contract's priceOf) from the price list, the platform's fee
// and the coupon; the server prices the booking again when it is made.
import { useEffect, useId } from 'react';
import { useWatch, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import {
  couponDiscount,
  jobMinutes,
  priceOf,
  type CheckoutForm,
  type PaymentMethod,
  type PriceItem,
} from '../../../contract/checkout.js';
import { bookingText as t, checkoutFormText as c } from '../../../contract/messages.js';
import { cardDaysAhead, cardMinCents, cardReaches } from '../../../contract/payments.js';
import type { ProviderDetail } from '../../../contract/providers.js';
import { clockTime, dayMonthYear } from '../../lib/dates.js';
import { basisPointsPercent, money } from '../../lib/format.js';
import { ErrorState, Loading } from '../../ui/states.js';
import { useMyWallet, usePaymentOptions } from '../wallet/index.js';
import { useActiveOffers, useCheckoutTerms, useOngoingBookings } from './checkout.api.js';
import { fittingCoupons, overlappingBooking } from './checkout.js';
import styles from './checkout.module.css';

interface CheckoutReviewProps {
  form: UseFormReturn<CheckoutForm>;
  memberId: string;
  provider: { _id: string; name: string };
  /** The price list's line of the chosen service; none when the provider lists no services. */
  line: PriceItem | undefined;
  /** The provider's page: its zone (to compare times) and its charges (a booking without a line). */
  details: ProviderDetail | undefined;
  /** Told the total shown (null while it is not known): Confirm books at that total only. */
  onTotal(totalCents: number | null): void;
}

export function CheckoutReview({ form, memberId, provider, line, details, onTotal }: CheckoutReviewProps) {
  const id = useId();
  const { control, register, setValue, formState } = form;
  const [serviceId, hours, date, time, address, phone, payment, offerId] = useWatch({
    control,
    name: ['serviceId', 'hours', 'date', 'time', 'address', 'phone', 'payment', 'offerId'],
  });
  const terms = useCheckoutTerms();
  const offers = useActiveOffers();
  const wallet = useMyWallet();
  const cards = usePaymentOptions().data?.card === true;
  const ongoing = useOngoingBookings(memberId);

  const hourly = line?.unit === 'hour';
  const priced = line ?? (details ? { priceCents: details.charges, unit: 'visit' as const } : undefined);
  const coupons = fittingCoupons(offers.data ?? [], provider._id, serviceId);
  const applied = coupons.find((offer) => offer._id === offerId);
  const price =
    priced && terms.data ? priceOf(priced, hours, terms.data.feeBasisPoints, applied?.coupon ?? null) : null;
  const shownTotal = price?.totalCents ?? null;
  useEffect(() => onTotal(shownTotal), [onTotal, shownTotal]);
  const available = wallet.data?.amount;
  const walletShort = price !== null && available !== undefined && available < price.totalCents;
  const walletUsable = price !== null && available !== undefined && !walletShort;

  // A card pays for a job in the next few days (its hold lapses after a week), of 50 cents or more.
  const cardReachesDay = details !== undefined && cardReaches(date, details.timeZone, new Date());
  const cardUsable = cardReachesDay && price !== null && price.totalCents >= cardMinCents;

  // The wallet no longer covers the total (a coupon removed), or the card cannot pay it: cash, with
  // the reason shown.
  useEffect(() => {
    if ((payment === 'wallet' && walletShort) || (payment === 'card' && price !== null && !cardUsable))
      setValue('payment', 'cash');
  }, [payment, walletShort, cardUsable, price, setValue]);

  const overlap =
    details && ongoing.data
      ? overlappingBooking(ongoing.data, {
          date,
          time,
          timeZone: details.timeZone,
          durationMinutes: jobMinutes(line, hours, details.slotMinutes),
        })
      : undefined;

  const paymentError = formState.errors.payment?.message;
  const offerError = formState.errors.offerId?.message;
  const paymentErrorId = `${id}-payment-error`;

  return (
    <>
      <section aria-labelledby={`${id}-booking`} className={styles.section}>
        <h4 id={`${id}-booking`}>{c.yourBooking}</h4>
        <dl className={styles.facts}>
          {line && (
            <div>
              <dt>{c.service}</dt>
              <dd>{hourly ? `${line.title}, ${c.hoursCount(hours)}` : line.title}</dd>
            </div>
          )}
          <div>
            <dt>{c.when}</dt>
            <dd>
              {dayMonthYear(date)} · <span className={styles.nowrap}>{clockTime(time)}</span>
            </dd>
          </div>
          <div>
            <dt>{c.where}</dt>
            <dd>{address}</dd>
          </div>
          <div>
            <dt>{t.phoneNumber}</dt>
            <dd>{phone}</dd>
          </div>
        </dl>
      </section>

      {overlap && (
        <div className={styles.warning} role="note" aria-labelledby={`${id}-overlap`}>
          <p id={`${id}-overlap`} className={styles.warningTitle}>
            {c.overlapTitle}
          </p>
          <p>{c.overlap(overlap.bookedto.name, `${dayMonthYear(overlap.date)} · ${clockTime(overlap.time)}`)}</p>
        </div>
      )}

      {coupons.length > 0 && price && (
        <section aria-labelledby={`${id}-coupons`} className={styles.section}>
          <h4 id={`${id}-coupons`}>{c.couponsHeading}</h4>
          <ul className={styles.coupons}>
            {coupons.map((offer) => {
              const on = offer._id === offerId;
              const saves = couponDiscount(offer.coupon, price.serviceCents);
              return (
                <li key={offer._id} className={on ? `${styles.coupon} ${styles.couponOn}` : styles.coupon}>
                  <div className={styles.couponText}>
                    <strong id={`${id}-coupon-${offer._id}`}>{offer.title}</strong>
                    <span>{offer.offer}</span>
                    <span className={styles.saves}>
                      {on ? `${c.applied}: ` : ''}
                      {c.couponSaves(money(saves))}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-describedby={`${id}-coupon-${offer._id}`}
                    aria-pressed={on}
                    onClick={() => setValue('offerId', on ? '' : offer._id, { shouldValidate: false })}
                  >
                    {on ? c.remove : c.apply}
                  </button>
                </li>
              );
            })}
          </ul>
          {offerError && (
            <small className="field-error" role="alert">
              {offerError}
            </small>
          )}
        </section>
      )}

      <section aria-labelledby={`${id}-price`} className={styles.section}>
        <h4 id={`${id}-price`}>{c.price}</h4>
        {terms.isError ? (
          <ErrorState error={terms.error} onRetry={() => void terms.refetch()} />
        ) : !price || !priced || !terms.data ? (
          <Loading label={c.loadingPrice} />
        ) : (
          <dl className={styles.breakdown}>
            <div>
              <dt>
                {c.serviceLine}{' '}
                <span className={styles.detail}>
                  {hourly ? c.hourlyDetail(money(priced.priceCents), hours) : c.visitDetail}
                </span>
              </dt>
              <dd>{money(price.serviceCents)}</dd>
            </div>
            <div>
              <dt>
                {c.platformFee}{' '}
                <span className={styles.detail}>{c.feeDetail(basisPointsPercent(terms.data.feeBasisPoints))}</span>
              </dt>
              <dd>{money(price.feeCents)}</dd>
            </div>
            {applied && (
              <div>
                <dt>
                  {c.offerDiscount} <span className={styles.detail}>{applied.title}</span>
                </dt>
                <dd>−{money(price.discountCents)}</dd>
              </div>
            )}
            <div className={styles.total}>
              <dt>{c.total}</dt>
              <dd>{money(price.totalCents)}</dd>
            </div>
          </dl>
        )}
      </section>

      <fieldset
        className={styles.payment}
        aria-describedby={paymentError ? paymentErrorId : undefined}
        aria-invalid={paymentError ? true : undefined}
      >
        <legend>{c.payment}</legend>
        <PaymentOption
          value="wallet"
          label={c.payFromWallet(available === undefined ? '…' : money(available))}
          hint={
            walletShort && price && available !== undefined
              ? c.walletTooLowHint(money(available), money(price.totalCents))
              : c.walletHint
          }
          disabled={!walletUsable}
          input={register('payment')}
        />
        {cards && (
          <PaymentOption
            value="card"
            label={c.payCard}
            hint={cardReachesDay || !details ? c.cardHint : c.cardTooFarHint(cardDaysAhead)}
            disabled={!cardUsable}
            input={register('payment')}
          />
        )}
        <PaymentOption value="cash" label={c.payCash} hint={c.cashHint} input={register('payment')} />
        {paymentError && (
          <small id={paymentErrorId} className="field-error" role="alert">
            {paymentError}
          </small>
        )}
      </fieldset>

      <section aria-labelledby={`${id}-policy`} className={styles.section}>
        <h4 id={`${id}-policy`}>{c.cancellationPolicy}</h4>
        {terms.data && (
          <p className={styles.policy}>
            {terms.data.cancellationFeeCents > 0
              ? c.cancellationWithFee(money(terms.data.cancellationFeeCents))
              : c.cancellationFree}
          </p>
        )}
      </section>
    </>
  );
}

/** One way to pay: its radio, dimmed when it cannot be chosen, and the hint that says why or how. */
function PaymentOption({
  value,
  label,
  hint,
  disabled = false,
  input,
}: {
  value: PaymentMethod;
  label: string;
  hint: string;
  disabled?: boolean;
  input: UseFormRegisterReturn<'payment'>;
}) {
  const hintId = `${useId()}-hint`;
  return (
    <>
      <label className={disabled ? `${styles.option} ${styles.optionOff}` : styles.option}>
        <input type="radio" value={value} disabled={disabled} aria-describedby={hintId} {...input} />
        <span>{label}</span>
      </label>
      <small id={hintId} className={`field-hint ${styles.optionHint}`}>
        {hint}
      </small>
    </>
  );
}
