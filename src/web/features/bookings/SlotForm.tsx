// The form of the booking and reschedule dialogs: a date and a free time first (SlotPicker; a new
// day starts without a time, and a time the provider no longer has free is dropped), then the
// dialog's own fields; and what a refusal shows in it.
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useController, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api.js';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.js';
import styles from './bookings.module.css';
import { useFreeSlots } from './api.js';
import { SlotPicker } from './SlotPicker.js';

export interface SlotFields {
  date: string;
  time: string;
}

interface SlotFormProps<T extends SlotFields> {
  form: UseFormReturn<T>;
  formId: string;
  providerId: string;
  /** How long the job takes (see SlotPicker). */
  minutes?: number;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Shown above the date. */
  before?: ReactNode;
  /** The date takes the focus when the form opens (true unless a field above it should). */
  focusDate?: boolean;
  /**
   * The fields after the time, made after the date and time are registered: the first field in
   * error that takes the focus is then the first on screen.
   */
  children?(): ReactNode;
}

export function SlotForm<T extends SlotFields>({
  form,
  formId,
  providerId,
  minutes,
  onSubmit,
  before,
  focusDate = true,
  children,
}: SlotFormProps<T>) {
  const {
    register,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = form as unknown as UseFormReturn<SlotFields>;
  const { field: dateField } = useController({ control, name: 'date' });
  const date = useWatch({ control, name: 'date' });
  const time = useWatch({ control, name: 'time' });
  const slots = useFreeSlots(providerId, date, minutes);

  // A time belongs to its day: a new day starts without one (the form may start with both).
  const shownDate = useRef(date);
  useEffect(() => {
    if (date === shownDate.current) return;
    shownDate.current = date;
    setValue('time', '');
  }, [date, setValue]);

  // A time chosen before the free times were known (a card's next free slot) that is not free.
  const freeTimes = slots.data;
  useEffect(() => {
    if (time && freeTimes && !freeTimes.includes(time)) setValue('time', '');
  }, [time, freeTimes, setValue]);

  return (
    <form id={formId} className={`form ${styles.bookingForm}`} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      {before}
      <SlotPicker
        idPrefix={formId}
        providerId={providerId}
        minutes={minutes}
        date={date}
        dateInput={dateField}
        timeInput={register('time')}
        dateError={errors.date?.message}
        timeError={errors.time?.message}
        autoFocus={focusDate}
      />
      {children?.()}
    </form>
  );
}

/**
 * A refused booking or reschedule: the server's messages at `fields` (the first one focused) and,
 * when the time went meanwhile (409), the time emptied with the reason at it. Returns the reason.
 */
export function slotFailure<T extends SlotFields>(
  error: unknown,
  form: UseFormReturn<T>,
  fields: readonly NoInfer<Path<T>>[],
) {
  const reason = errorMessage(error);
  if (error instanceof ApiError) {
    const { setError, setValue } = form as unknown as UseFormReturn<SlotFields>;
    applyServerErrors(error, setError, fields as readonly (keyof SlotFields)[], { focus: true });
    if (error.code === 'slot_taken') {
      setValue('time', '');
      setError('time', { message: reason });
    }
  }
  return reason;
}
