// 'Reschedule' on /Ongoing: a new date and one of the provider's free times on it (the booking
// dialog's slot picker), then Save. The server checks the slot again under the same rules as a
// new booking; a time taken meanwhile is refused with the booking dialog's message and the free
// times are asked again. An accepted booking goes back to requested for the provider to confirm.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { rescheduleForm, type BookingItem, type RescheduleForm } from '../../../contract/bookings.js';
import { rescheduleText as r } from '../../../contract/messages.js';
import { Dialog } from '../../ui/Dialog.js';
import { DialogActions } from '../../ui/FormDialog.js';
import { toastDurations, useToast } from '../../ui/toast.js';
import { useRescheduleBooking } from './api.js';
import styles from './bookings.module.css';
import { clockTime, dayMonthYear } from '../../lib/dates.js';
import { SlotForm, slotFailure } from './SlotForm.js';

const empty: RescheduleForm = { date: '', time: '' };

/** What the dialog reads of a booking, from a list's item or a booking's page. */
type Moving = Pick<BookingItem, '_id' | 'status' | 'date' | 'time' | 'durationMinutes' | 'bookedto'>;

export function RescheduleDialog({ booking, onClose }: { booking: Moving | null; onClose(): void }) {
  const formId = useId();
  const reschedule = useRescheduleBooking();
  return (
    <Dialog
      open={booking !== null}
      title={r.title}
      onClose={onClose}
      footer={
        <DialogActions
          formId={formId}
          cancelLabel={r.keep}
          onCancel={onClose}
          submitLabel={r.save}
          busy={reschedule.isPending}
        />
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
  booking: Moving;
  reschedule: ReturnType<typeof useRescheduleBooking>;
  onDone(): void;
}) {
  const toast = useToast();
  const form = useForm({ resolver: zodResolver(rescheduleForm), defaultValues: empty });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await reschedule.mutateAsync({ id: booking._id, ...values });
      toast.success(
        booking.status === 'accepted'
          ? `${message ?? r.rescheduled}. ${r.backToRequested}`
          : (message ?? r.rescheduled),
      );
      onDone();
    } catch (error) {
      // A time taken meanwhile: the free times are asked again and a new one is needed.
      toast.error(slotFailure(error, form, ['date', 'time']), toastDurations.long);
    }
  });

  return (
    <SlotForm
      form={form}
      formId={formId}
      providerId={booking.bookedto._id}
      minutes={booking.durationMinutes}
      onSubmit={onSubmit}
      before={
        <p className={styles.current}>
          {r.current} <strong>{booking.bookedto.name}</strong>: {dayMonthYear(booking.date)} · {clockTime(booking.time)}
        </p>
      }
    />
  );
}
