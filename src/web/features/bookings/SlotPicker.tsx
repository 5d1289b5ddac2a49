// A date and one of the provider's free times on it (GET availableSlots): the booking dialog and
// the reschedule dialog pick a slot with this one component, so both offer exactly the same times.
import type { ControllerRenderProps, UseFormRegisterReturn } from 'react-hook-form';
import type { SlotFields } from './SlotForm.js';
import { bookingLimits } from '../../../contract/bookings.js';
import { bookingText as t } from '../../../contract/messages.js';
import { DatePicker } from '../../ui/DatePicker.js';
import { Field } from '../../ui/Field.js';
import { ErrorState } from '../../ui/states.js';
import { bookingDay, useFreeSlots } from './api.js';
import styles from './bookings.module.css';
import { clockTime, isoDay } from '../../lib/dates.js';

export interface SlotPickerProps {
  /** Unique per form: the hint and error ids derive from it. */
  idPrefix: string;
  providerId: string;
  /** How long the job takes: only the times with room for it (one slot when not given). */
  minutes?: number;
  /** The date chosen so far ('' before one is). */
  date: string;
  dateInput: ControllerRenderProps<SlotFields, 'date'>;
  timeInput: UseFormRegisterReturn;
  dateError?: string;
  timeError?: string;
  autoFocus?: boolean;
}

export function SlotPicker({
  idPrefix,
  providerId,
  minutes,
  date,
  dateInput,
  timeInput,
  dateError,
  timeError,
  autoFocus,
}: SlotPickerProps) {
  const slots = useFreeSlots(providerId, date, minutes);
  const today = new Date();
  const lastDay = new Date(today.getTime() + bookingLimits.maxDaysAhead * 86_400_000);
  const day = bookingDay(date, today);
  const timeErrorId = `${idPrefix}-time-error`;
  const timeHintId = `${idPrefix}-time-hint`;

  return (
    <>
      <Field label={t.selectDate} error={dateError}>
        <DatePicker
          ref={dateInput.ref}
          name={dateInput.name}
          value={date}
          onChange={dateInput.onChange}
          onBlur={dateInput.onBlur}
          label={t.selectDate}
          min={isoDay(today)}
          max={isoDay(lastDay)}
          autoFocus={autoFocus}
        />
      </Field>

      <fieldset className={styles.times} aria-describedby={timeError ? timeErrorId : timeHintId}>
        <legend>{t.selectTime}</legend>
        {day === 'none' ? (
          <p id={timeHintId} className="field-hint">
            {t.pickDateFirst}
          </p>
        ) : day !== 'open' ? (
          <p id={timeHintId} className={styles.noTime} role="status">
            {day === 'passed' ? t.dayPassed : t.dayTooFar(bookingLimits.maxDaysAhead)}
          </p>
        ) : slots.isPending ? (
          <p id={timeHintId} className="field-hint" role="status">
            <span className="spinner" aria-hidden="true" /> {t.loadingTimes}
          </p>
        ) : slots.isError ? (
          <ErrorState error={slots.error} onRetry={() => void slots.refetch()} />
        ) : slots.data.length === 0 ? (
          <p id={timeHintId} className={styles.noTime} role="status">
            {t.noFreeTime}
          </p>
        ) : (
          <div className={styles.chips}>
            {slots.data.map((slot) => (
              <label key={slot} className={styles.chip}>
                <input type="radio" value={slot} {...timeInput} />
                <span>{clockTime(slot)}</span>
              </label>
            ))}
          </div>
        )}
        {timeError && (
          <small id={timeErrorId} className="field-error" role="alert">
            {timeError}
          </small>
        )}
      </fieldset>
    </>
  );
}
