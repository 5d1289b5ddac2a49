// What the booking dialog's checkout does, apart from how it looks (CheckoutDialog draws it): the
// form and the order its messages are checked in, the service and its hours with their estimate,
// the account's phone to start with, whether the provider serves the location, the move from
// details to review, the total the review showed (the booking is made at that total or refused),
// how to pay, and the submit with its refusals, each shown where it belongs: a details field, or
// the time taken meanwhile (`slot_taken`), back on the details step; how to pay (`wallet_short`)
// and the coupon on the review; a new price (`price_changed`) on the review, read again.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { bookingLimits, serviceAreaRefusal, type AddBookingBody } from '../../../contract/bookings.js';
import { checkoutForm, jobMinutes, priceOf, type CheckoutForm, type PriceItem } from '../../../contract/checkout.js';
import { bookingText as t, checkoutFormText as c, notice, text } from '../../../contract/messages.js';
import { fill, routes } from '../../../contract/paths.js';
import { ApiError } from '../../lib/api.js';
import { applyServerErrors } from '../../lib/form-errors.js';
import { money, radius } from '../../lib/format.js';
import { toastDurations, useToast } from '../../ui/toast.js';
import { useChosenLocation } from '../places/index.js';
import { useMe, useProvider } from '../providers/index.js';
import { useAddBooking } from './api.js';
import { checkoutKeys, serviceAreaQuery, useCheckoutTerms, useServiceArea } from './checkout.api.js';
import { slotFailure } from './SlotForm.js';

export type CheckoutStep = 'details' | 'review';

/** The fields of the details step, in the order their messages are checked and shown. */
const detailFields = [
  'serviceId',
  'hours',
  'date',
  'time',
  'phone',
  'address',
  'description',
] as const satisfies readonly (keyof CheckoutForm)[];
const reviewFields = ['payment', 'offerId'] as const satisfies readonly (keyof CheckoutForm)[];

export interface CheckoutInput {
  memberId: string;
  provider: { _id: string; name: string };
  /** The service to start with, when the provider offers it. */
  serviceId: string | null;
  slot: { date: string; time: string } | null;
  hours: number | null;
  /** The provider's price list (loaded before the form starts: it picks the service to start with). */
  lines: PriceItem[];
  /** The step shown, held by the dialog, whose footer's buttons follow it. */
  step: CheckoutStep;
  onStep(step: CheckoutStep): void;
  /** The booking is being made (Confirm waits). */
  onBusy(busy: boolean): void;
  /** Whether anything differs from what the dialog started with. */
  onTyped(typed: boolean): void;
}

export function useCheckout({
  memberId,
  provider,
  serviceId,
  slot,
  hours: hoursBefore,
  lines,
  step,
  onStep,
  onBusy,
  onTyped,
}: CheckoutInput) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const addBooking = useAddBooking();
  const me = useMe();
  const details = useProvider(provider._id);
  const schema = useMemo(() => checkoutForm(lines.length > 0), [lines.length]);
  const preselected = lines.find((line) => line.serviceId === serviceId) ?? (lines.length === 1 ? lines[0] : undefined);
  const form = useForm<CheckoutForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      serviceId: preselected?.serviceId ?? '',
      hours: hoursBefore ?? 1,
      date: slot?.date ?? '',
      time: slot?.time ?? '',
      phone: '',
      address: '',
      description: '',
      payment: 'cash',
      offerId: '',
    },
  });
  const { control, handleSubmit, setValue, getValues, setFocus, formState } = form;
  const typed = formState.isDirty;
  useEffect(() => onTyped(typed), [onTyped, typed]);
  const chosen = useWatch({ control, name: 'serviceId' });
  const line = lines.find((l) => l.serviceId === chosen);
  const hourly = line?.unit === 'hour';
  // The free times have room for the job: the line's duration, times hours that make sense so far.
  const hours = useWatch({ control, name: 'hours' });
  const hoursValid = Number.isInteger(hours) && hours >= 1 && hours <= bookingLimits.hoursMax;
  const minutes = details.data ? jobMinutes(line, hoursValid ? hours : 1, details.data.slotMinutes) : undefined;
  // What the hours cost with the platform's fee, as the review will show it (no coupon yet).
  const terms = useCheckoutTerms();
  const hoursEstimate =
    hourly && hoursValid && terms.data
      ? c.hoursEstimate(
          c.hourlyDetail(money(line.priceCents), hours),
          money(priceOf(line, hours, terms.data.feeBasisPoints, null).totalCents),
        )
      : undefined;

  // The account's phone, to start with (the member may change it for this booking).
  const accountPhone = me.data?.phone;
  useEffect(() => {
    if (accountPhone && /^\d+$/.test(accountPhone) && !getValues('phone') && !formState.dirtyFields.phone)
      setValue('phone', accountPhone.slice(0, bookingLimits.phoneMax));
  }, [accountPhone, getValues, setValue, formState.dirtyFields.phone]);

  // A coupon of another service does not follow the service's change.
  useEffect(() => {
    setValue('offerId', '');
  }, [chosen, setValue]);

  // The new step starts at its top, its heading focused, so the reader starts there too.
  const heading = useRef<HTMLHeadingElement>(null);
  // The total the review step shows: the booking is made at that total or refused (409).
  const shownTotal = useRef<number | null>(null);
  const onTotal = useCallback((total: number | null) => void (shownTotal.current = total), []);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    for (let box = heading.current?.parentElement; box && box.tagName !== 'DIALOG'; box = box.parentElement)
      box.scrollTop = 0;
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  // A refusal of a details field: shown there once the details step is back on
  // screen, the first such field focused (after the step's heading: this effect runs later).
  const [refused, setRefused] = useState<unknown>(null);
  useEffect(() => {
    if (step !== 'details' || refused === null) return;
    slotFailure(refused, form, detailFields);
    setRefused(null);
  }, [step, refused, form]);

  // The location as last picked or left, and whether the provider serves it: shown at the field
  // while the location is still that one.
  // A street typed without its city is read where the customer looks, then in the provider's city.
  const city = useChosenLocation()?.city ?? undefined;
  const [asked, setAsked] = useState('');
  const address = useWatch({ control, name: 'address' });
  const area = useServiceArea(provider._id, asked, city);
  const askedNow = asked !== '' && asked === address.trim();
  const areaRefusal = askedNow && area.data ? serviceAreaRefusal(provider.name, area.data) : null;
  const areaHint = !askedNow
    ? undefined
    : area.data?.serves
      ? [
          t.insideServiceArea(provider.name, radius(area.data.radiusKm), area.data.area),
          area.data.approximate ? t.approximatePlace(provider.name) : '',
        ]
          .join(' ')
          .trim()
      : area.isFetching
        ? t.checkingServiceArea
        : undefined;

  const onContinue = handleSubmit(async (values) => {
    setAsked(values.address);
    // Not served: the reason shows at the field. Not known (the call failed): Confirm asks the server.
    const answer = await queryClient.fetchQuery(serviceAreaQuery(provider._id, values.address, city)).catch(() => null);
    if (answer && !answer.serves) {
      setFocus('address');
      return;
    }
    onStep('review');
  });

  const onConfirm = handleSubmit(async (values) => {
    const body: AddBookingBody = {
      bookedby: memberId,
      bookedto: provider._id,
      date: values.date,
      time: values.time,
      phone: values.phone,
      address: values.address,
      description: values.description,
      ...(values.serviceId ? { serviceId: values.serviceId } : {}),
      ...(hourly ? { hours: values.hours } : {}),
      payment: values.payment,
      ...(values.offerId ? { offerId: values.offerId } : {}),
      ...(shownTotal.current === null ? {} : { expectedTotalCents: shownTotal.current }),
      ...(city ? { city } : {}),
    };
    onBusy(true);
    try {
      const booking = (await addBooking.mutateAsync(body)).data;
      // Paid by card: on to Stripe's page; the booking's page is where Stripe sends the member back.
      if (booking.payUrl) {
        window.location.assign(booking.payUrl);
        return;
      }
      toast.success(notice.bookingOk);
      void navigate(fill(routes.booking, { id: booking._id }));
    } catch (error) {
      onBusy(false);
      toast.error(`${notice.bookingFailed}: ${refusalOf(error, form)}`, toastDurations.long);
      const code = error instanceof ApiError ? error.code : null;
      // Whatever the dialog was told of the location before, the server's word is newer.
      if (code === 'outside_area') void queryClient.invalidateQueries({ queryKey: checkoutKeys.serves(provider._id) });
      // The price changed: the review shows the new one, to confirm again.
      if (code === 'price_changed') {
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.prices(provider._id) });
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.terms() });
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.offers() });
        return;
      }
      // A details field refused, or the time taken meanwhile: back to the details, where it shows.
      if (
        error instanceof ApiError &&
        (code === 'slot_taken' || detailFields.some((field) => error.errors[field])) &&
        !reviewFields.some((field) => error.errors[field])
      ) {
        setRefused(error);
        onStep('details');
      }
    }
  });

  return {
    form,
    /** The price list's line of the chosen service, and whether it is priced by the hour. */
    line,
    hourly,
    /** The service chosen for the member before the form opened (the date takes the focus then). */
    preselected,
    /** How long the job takes, for the free times (unknown until the provider's page is read). */
    minutes,
    hoursEstimate,
    /** The provider's page: its city, zone and charges. */
    details: details.data,
    city,
    /** The step's heading, focused when the step changes. */
    heading,
    onTotal,
    /** Whether the provider serves the location: the refusal, or a hint while it is served or asked. */
    areaRefusal,
    areaHint,
    /** Asks whether the provider serves this location (picked, or left typed). */
    askServiceArea: setAsked,
    onContinue,
    onConfirm,
  };
}

/**
 * A refused booking: the server's messages for how to pay and the coupon shown at them (a wallet
 * with too little, `wallet_short`, is named at `payment`); answers the reason for the toast.
 */
function refusalOf(error: unknown, form: UseFormReturn<CheckoutForm>): string {
  if (error instanceof ApiError) applyServerErrors(error, form.setError, reviewFields);
  return error instanceof Error ? error.message : text.genericError;
}
