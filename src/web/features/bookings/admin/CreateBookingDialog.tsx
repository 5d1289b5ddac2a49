// The Create Booking modal of /bookinglist: Booked By (a customer) and Booked To (an
// active provider) found by searching, Date, Time (the provider's free times that day), Phone
// (digits) and Address, all required, checked by the contract's schema here and on the server.
// Success: 'Booking Successfully', the list refreshes in place; failure: the server's message,
// next to the field it concerns when there is one (a time taken meanwhile: the time).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useController, useForm, useWatch, type Control } from 'react-hook-form';
import { adminBookingForm, bookingLimits, type AdminBookingForm } from '../../../../contract/bookings.js';
import { adminBookingText as t, bookingText, notice } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { ApiError } from '../../../lib/api.js';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.js';
import { isoDay } from '../../../lib/dates.js';
import { Dialog } from '../../../ui/Dialog.js';
import { DatePicker } from '../../../ui/DatePicker.js';
import { DialogActions } from '../../../ui/FormDialog.js';
import { Field } from '../../../ui/Field.js';
import { useToast } from '../../../ui/toast.js';
import { useFreeSlots } from '../api.js';
import { useCreateBooking, type PeopleList } from './api.js';
import styles from './bookings.module.css';
import { PhoneDigitsInput } from '../PhoneDigitsInput.js';
import { PersonCombobox } from './PersonCombobox.js';

const fields = [
  'bookedby',
  'bookedto',
  'date',
  'time',
  'phone',
  'address',
] as const satisfies readonly (keyof AdminBookingForm)[];
const empty: AdminBookingForm = { bookedby: '', bookedto: '', date: '', time: '', phone: '', address: '' };

export function CreateBookingDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const formId = useId();
  const create = useCreateBooking();
  return (
    <Dialog
      open={open}
      title={t.createBooking}
      onClose={onClose}
      wide
      footer={
        <DialogActions
          formId={formId}
          cancelLabel={t.cancel}
          onCancel={onClose}
          submitLabel={t.book}
          busy={create.isPending}
          announceBusy
        />
      }
    >
      <CreateBookingForm formId={formId} create={create} onDone={onClose} />
    </Dialog>
  );
}

function CreateBookingForm({
  formId,
  create,
  onDone,
}: {
  formId: string;
  create: ReturnType<typeof useCreateBooking>;
  onDone(): void;
}) {
  const toast = useToast();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors },
    // The people searches register after the plain inputs; the first field of the modal's order
    // with an error takes the focus (onInvalid below), not the first registered.
  } = useForm<AdminBookingForm>({
    resolver: zodResolver(adminBookingForm),
    defaultValues: empty,
    shouldFocusError: false,
  });
  const providerId = useWatch({ control, name: 'bookedto' });
  const { field: dateField } = useController({ control, name: 'date' });
  const date = useWatch({ control, name: 'date' });
  const slots = useFreeSlots(providerId, date);
  const today = new Date();
  const lastDay = new Date(today.getTime() + bookingLimits.maxDaysAhead * 86_400_000);

  // A time belongs to one provider and one day.
  useEffect(() => setValue('time', ''), [providerId, date, setValue]);

  const onInvalid = (invalid: Partial<Record<(typeof fields)[number], unknown>>) => {
    const first = fields.find((field) => invalid[field]);
    if (first) setFocus(first);
  };

  const onSubmit = handleSubmit(async (form) => {
    try {
      await create.mutateAsync(form);
      toast.success(notice.bookingOk);
      onDone();
    } catch (error) {
      const message = errorMessage(error);
      if (error instanceof ApiError) {
        const taken = error.code === 'slot_taken';
        if (taken) setValue('time', '');
        applyServerErrors(error, setError, fields, {
          focus: true,
          extra: {
            time: taken ? message : undefined,
            bookedby: message === t.customerNotFound ? message : undefined,
            bookedto: message === bookingText.providerNotFound ? message : undefined,
          },
        });
      }
      toast.error(message);
    }
  }, onInvalid);

  const timeHint =
    !providerId || !date
      ? t.pickProviderAndDate
      : slots.isPending
        ? bookingText.loadingTimes
        : slots.isError
          ? slots.error.message
          : slots.data.length === 0
            ? bookingText.noFreeTime
            : undefined;

  return (
    <form id={formId} className={styles.form} noValidate onSubmit={onSubmit} aria-busy={create.isPending || undefined}>
      <PersonField
        control={control}
        name="bookedby"
        label={t.bookedBy}
        list={adminLists.customers}
        listLabel={t.customers}
      />
      <PersonField
        control={control}
        name="bookedto"
        label={t.bookedTo}
        list={adminLists.providers}
        activeOnly
        listLabel={t.providers}
      />
      <Field label={t.date} error={errors.date?.message}>
        <DatePicker
          ref={dateField.ref}
          name={dateField.name}
          label={t.date}
          value={dateField.value}
          onChange={dateField.onChange}
          onBlur={dateField.onBlur}
          min={isoDay(today)}
          max={isoDay(lastDay)}
        />
      </Field>
      <Field label={t.time} error={errors.time?.message} hint={timeHint}>
        <select {...register('time')}>
          <option value="">{t.chooseTime}</option>
          {(slots.data ?? []).map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </select>
      </Field>
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <Field label={t.phone} error={fieldState.error?.message}>
            <PhoneDigitsInput field={field} autoComplete="off" placeholder={t.phonePlaceholder} />
          </Field>
        )}
      />
      <div className={styles.wide}>
        <Field label={t.address} error={errors.address?.message}>
          <input
            type="text"
            autoComplete="off"
            placeholder={t.addressPlaceholder}
            maxLength={bookingLimits.addressMax}
            {...register('address')}
          />
        </Field>
      </div>
    </form>
  );
}

interface PersonFieldProps {
  control: Control<AdminBookingForm>;
  name: 'bookedby' | 'bookedto';
  label: string;
  list: PeopleList;
  activeOnly?: boolean;
  listLabel: string;
}

/** Booked By or Booked To: a member found by searching. */
function PersonField({ control, name, label, list, activeOnly, listLabel }: PersonFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} error={fieldState.error?.message}>
          <PersonCombobox
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            list={list}
            activeOnly={activeOnly}
            listLabel={listLabel}
            placeholder={t.personPlaceholder}
          />
        </Field>
      )}
    />
  );
}
