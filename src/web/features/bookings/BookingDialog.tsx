// The booking dialog (/Services_booking): Select date, Select time (the provider's
// real free slots), Phone number, Location (with suggestions), Description and Confirm. The
// contract's schema checks the five fields in the spec's order, here and on the server. Success:
// 'Booking Successfully', the form clears and the dialog closes; failure: 'not Successfully' with
// the server's reason, and the free times are asked again. Opened on a slot (a card's next free
// slot), that date and time are chosen already.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { bookingForm, bookingLimits, type BookingForm } from '../../../contract/bookings.js';
import { bookingText as t, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useMemberSession } from '../../lib/session.js';
import { Dialog } from '../../ui/Dialog.js';
import { Field } from '../../ui/Field.js';
import { toastDurations, useToast } from '../../ui/toast.js';
import { useAddBooking } from './api.js';
import { LocationCombobox } from './LocationCombobox.js';
import { PhoneDigitsInput } from './PhoneDigitsInput.js';
import { SlotForm, slotFailure } from './SlotForm.js';

export interface BookingDialogProps {
  provider: { _id: string; name: string };
  serviceId?: string | null;
  /** A date and time to start with (still free: SlotForm drops a time that is not). */
  slot?: { date: string; time: string } | null;
  open: boolean;
  onClose(): void;
}

const fields = ['date', 'time', 'phone', 'address', 'description'] as const satisfies readonly (keyof BookingForm)[];
const empty: BookingForm = { date: '', time: '', phone: '', address: '', description: '' };

export function BookingDialog({ provider, serviceId, slot, open, onClose }: BookingDialogProps) {
  const formId = useId();
  const member = useMemberSession();
  return (
    <Dialog
      open={open}
      title={`${t.bookTitle} ${provider.name}`}
      onClose={onClose}
      footer={
        member ? (
          <button type="submit" className="btn" form={formId}>
            {text.confirm}
          </button>
        ) : undefined
      }
    >
      {member ? (
        <BookingFormBody
          formId={formId}
          memberId={member.user._id}
          provider={provider}
          serviceId={serviceId ?? null}
          slot={slot ?? null}
          onDone={onClose}
        />
      ) : (
        <p>
          {t.signInToBook} <Link to={routes.userLogin}>{text.login}</Link>
        </p>
      )}
    </Dialog>
  );
}

function BookingFormBody({
  formId,
  memberId,
  provider,
  serviceId,
  slot,
  onDone,
}: {
  formId: string;
  memberId: string;
  provider: { _id: string; name: string };
  serviceId: string | null;
  slot: { date: string; time: string } | null;
  onDone(): void;
}) {
  const toast = useToast();
  const addBooking = useAddBooking();
  const form = useForm({
    resolver: zodResolver(bookingForm),
    defaultValues: slot ? { ...empty, date: slot.date, time: slot.time } : empty,
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await addBooking.mutateAsync({ ...values, bookedby: memberId, bookedto: provider._id, service_id: serviceId });
      toast.success(notice.bookingOk);
      reset(empty);
      onDone();
    } catch (error) {
      // A time taken meanwhile: the free times are asked again (useAddBooking) and a new one is needed.
      const reason = slotFailure(error, form, fields);
      toast.error(`${notice.bookingFailed}: ${reason}`, toastDurations.long);
    }
  });

  return (
    <SlotForm form={form} formId={formId} providerId={provider._id} onSubmit={onSubmit}>
      {() => (
        <>
          <Controller
            control={control}
            name="phone"
            render={({ field, fieldState }) => (
              <Field label={t.phoneNumber} error={fieldState.error?.message}>
                <PhoneDigitsInput
                  field={field}
                  autoComplete="tel-national"
                  placeholder={t.phonePlaceholder}
                  maxLength={bookingLimits.phoneMax}
                />
              </Field>
            )}
          />

          <Controller
            control={control}
            name="address"
            render={({ field, fieldState }) => (
              <Field label={t.location} error={fieldState.error?.message}>
                <LocationCombobox
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  maxLength={bookingLimits.addressMax}
                  placeholder={t.locationPlaceholder}
                />
              </Field>
            )}
          />

          <Field label={t.description} error={errors.description?.message}>
            <textarea
              rows={4}
              placeholder={t.descriptionPlaceholder}
              maxLength={bookingLimits.descriptionMax}
              {...register('description')}
            />
          </Field>
        </>
      )}
    </SlotForm>
  );
}
