// 'Reschedule' on /Ongoing: a new date and one of the provider's free times on it (the booking
// dialog's slot picker), then Save. The server checks the slot again under the same rules as a
// new booking; a time taken meanwhile is refused with the booking dialog's message and the free
// times are asked again. An accepted booking goes back to requested for the provider to confirm.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { rescheduleForm, type BookingItem, type RescheduleForm } from '../../../contract/bookings.js';
import { rescheduleText as r } from '../../../contract/messages.js';
import { ApiError } from '../../lib/api.js';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.js';
import { Dialog } from '../../ui/Dialog.js';
import { toastDurations, useToast } from '../../ui/toast.js';
import { useRescheduleBooking } from './api.js';
import styles from './bookings.module.css';
import { clockTime, dayMonthYear } from '../../lib/dates.js';
import { SlotPicker } from './SlotPicker.js';

const empty: RescheduleForm = { date: '', time: '' };

export function RescheduleDialog({ booking, onClose }: { booking: BookingItem | null; onClose(): void }) {
  const formId = useId();
  const reschedule = useRescheduleBooking();
  return (
    <Dialog
      open={booking !== null}
      title={r.title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {r.keep}
          </button>
          <button type="submit" className="btn" form={formId} disabled={reschedule.isPending}>
            {r.save}
          </button>
        </>
      }
    >
      {booking && (
        <RescheduleFormBody
          key={booking._id}
          formId={formId}
          booking={booking}
          reschedule={reschedule}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}

function RescheduleFormBody({
  formId,
  booking,
  reschedule,
  onDone,
}: {
  formId: string;
  booking: BookingItem;
  reschedule: ReturnType<typeof useRescheduleBooking>;
  onDone(): void;
}) {
  const toast = useToast();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(rescheduleForm), defaultValues: empty });
  const date = useWatch({ control, name: 'date' });

  // A time belongs to its day: a new day starts without one.
  useEffect(() => setValue('time', ''), [date, setValue]);

  const onSubmit = handleSubmit(async (form) => {
    try {
      const { message } = await reschedule.mutateAsync({ id: booking._id, ...form });
      toast.success(
        booking.status === 'accepted'
          ? `${message ?? r.rescheduled}. ${r.backToRequested}`
          : (message ?? r.rescheduled),
      );
      onDone();
    } catch (error) {
      const reason = errorMessage(error);
      if (error instanceof ApiError) {
        applyServerErrors(error, setError, ['date', 'time'], { focus: true });
        // The time went meanwhile: the free times are asked again and a new one is needed.
        if (error.status === 409) {
          setValue('time', '');
          setError('time', { message: reason });
        }
      }
      toast.error(reason, toastDurations.long);
    }
  });

  return (
    <form id={formId} className={`form ${styles.bookingForm}`} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      <p className={styles.current}>
        {r.current} <strong>{booking.bookedto.name}</strong>: {dayMonthYear(booking.date)} · {clockTime(booking.time)}
      </p>
      <SlotPicker
        idPrefix={formId}
        providerId={booking.bookedto._id}
        date={date}
        dateInput={register('date')}
        timeInput={register('time')}
        dateError={errors.date?.message}
        timeError={errors.time?.message}
        autoFocus
      />
    </form>
  );
}
