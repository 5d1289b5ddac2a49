// 'Give rate' (/History, a completed booking's page): five 60 px stars as a radio group and a comment.
// 'Please give rating' without stars, 'Please enter rate' without a comment; success 'Rating send
// successfully'; any refusal 'Already give rating'. Closing resets both.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { bookingLimits, ratingForm, type BookingItem, type RatingForm } from '../../../contract/bookings.js';
import { bookingText as t, notice, text } from '../../../contract/messages.js';
import { ApiError } from '../../lib/api.js';
import { Dialog } from '../../ui/Dialog.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import { useAddRating } from './api.js';
import styles from './bookings.module.css';
import { dayMonthYear } from '../../lib/dates.js';

/** Star size in the dialog. */
const starPx = 60;
const empty: RatingForm = { count: 0, comment: '' };

/** What the dialog needs of a booking: a list's entry (/History) or the booking's page. */
type RatedBooking = Pick<BookingItem, '_id' | 'date' | 'bookedto'>;

export function RateDialog({
  booking,
  memberId,
  onClose,
}: {
  booking: RatedBooking | null;
  memberId: string;
  onClose(): void;
}) {
  return (
    <Dialog open={booking !== null} title={t.giveRate} onClose={onClose}>
      {booking && <RateForm key={booking._id} booking={booking} memberId={memberId} onDone={onClose} />}
    </Dialog>
  );
}

function RateForm({ booking, memberId, onDone }: { booking: RatedBooking; memberId: string; onDone(): void }) {
  const id = useId();
  const toast = useToast();
  const addRating = useAddRating();
  const [hover, setHover] = useState(0);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ratingForm), defaultValues: empty });

  const onSubmit = handleSubmit(async (form) => {
    try {
      await addRating.mutateAsync({
        ...form,
        rate_by: memberId,
        rate_to: booking.bookedto._id,
        booking_id: booking._id,
      });
      toast.success(notice.ratingSent);
      reset(empty);
      onDone();
    } catch (error) {
      // Every refusal gets this answer; only an unreachable server says something else.
      toast.error(error instanceof ApiError && error.status === 0 ? error.message : notice.alreadyRated);
    }
  });

  const starsErrorId = `${id}-stars-error`;
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <p className="muted">
        {booking.bookedto.name} · {dayMonthYear(booking.date)}
      </p>
      <Controller
        control={control}
        name="count"
        render={({ field }) => (
          <fieldset className={styles.starField} aria-describedby={errors.count ? starsErrorId : undefined}>
            <legend>{t.stars}</legend>
            <div className={styles.starRow} onMouseLeave={() => setHover(0)}>
              {[1, 2, 3, 4, 5].map((n) => {
                const lit = n <= (hover || field.value);
                return (
                  <label
                    key={n}
                    className={styles.star}
                    style={{ fontSize: starPx, width: starPx, height: starPx }}
                    onMouseEnter={() => setHover(n)}
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={n}
                      checked={field.value === n}
                      ref={n === 1 ? field.ref : undefined}
                      onChange={() => field.onChange(n)}
                      onBlur={field.onBlur}
                    />
                    <span aria-hidden="true" className={lit ? styles.starOn : undefined}>
                      ★
                    </span>
                    <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
                  </label>
                );
              })}
            </div>
            {errors.count?.message && (
              <small id={starsErrorId} className="field-error" role="alert">
                {errors.count.message}
              </small>
            )}
          </fieldset>
        )}
      />
      <Field label={t.comment} error={errors.comment?.message}>
        <textarea
          rows={4}
          placeholder={t.commentPlaceholder}
          maxLength={bookingLimits.commentMax}
          {...register('comment')}
        />
      </Field>
      <div className={styles.formActions}>
        <button type="submit" className="btn" disabled={isSubmitting}>
          {isSubmitting ? text.loading : t.submit}
        </button>
      </div>
    </form>
  );
}
