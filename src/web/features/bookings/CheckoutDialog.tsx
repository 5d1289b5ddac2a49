// The booking dialog's checkout, in two steps. Details: the service (from the provider's price
// list, chosen already when the page was of it), its hours when priced by the hour, the date and a
// free time, the phone (the account's, to start with), the location and the description — checked
// in that order, the five required-field messages included; the location is asked about once picked or
// left, and one the provider does not serve (too far, or no place we know) holds Continue with the
// reason at the field. Review and pay: what was chosen, a booking of the customer's own at the
// same time (a warning; they may still confirm), the provider's offers that apply as coupons, the
// price (service, the platform's fee, the discount, the total), how to pay (the wallet only when it
// covers the total) and the cancellation policy; then Confirm.
// The server prices the booking itself; what it refuses shows at the field concerned (back on the
// details step when it is one of them). Success: 'Booking Successfully' and the booking's page.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { bookingLimits, serviceAreaRefusal, type AddBookingBody } from '../../../contract/bookings.js';
import { checkoutForm, jobMinutes, priceOf, type CheckoutForm, type PriceItem } from '../../../contract/checkout.js';
import { bookingText as t, checkoutFormText as c, notice, text } from '../../../contract/messages.js';
import { fill, routes } from '../../../contract/paths.js';
import { ApiError } from '../../lib/api.js';
import { applyServerErrors } from '../../lib/form-errors.js';
import { money, radius } from '../../lib/format.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { Dialog } from '../../ui/Dialog.js';
import { Field } from '../../ui/Field.js';
import { QueryState } from '../../ui/states.js';
import { toastDurations, useToast } from '../../ui/toast.js';
import { useChosenLocation } from '../places/index.js';
import { useMe, useProvider } from '../providers/index.js';
import { useAddBooking } from './api.js';
import { checkoutKeys, serviceAreaQuery, useCheckoutTerms, usePriceList, useServiceArea } from './checkout.api.js';
import { CheckoutReview } from './CheckoutReview.js';
import styles from './checkout.module.css';
import { LocationCombobox } from './LocationCombobox.js';
import { PhoneDigitsInput } from './PhoneDigitsInput.js';
import { SlotForm, slotFailure } from './SlotForm.js';

interface CheckoutDialogProps {
  title: string;
  memberId: string;
  provider: { _id: string; name: string };
  serviceId: string | null;
  slot: { date: string; time: string } | null;
  hours: number | null;
  onClose(): void;
}

export default function CheckoutDialog(props: CheckoutDialogProps) {
  const prices = usePriceList(props.provider._id);
  const formId = useId();
  const [step, setStep] = useState<Step>('details');
  const [busy, setBusy] = useState(false);
  // Escape, × or the backdrop with something typed ask before dropping it; with nothing, close.
  const typed = useRef(false);
  const onTyped = useCallback((dirty: boolean) => void (typed.current = dirty), []);
  const [asking, setAsking] = useState(false);
  const { onClose } = props;
  const onDismiss = useCallback(() => (typed.current ? setAsking(true) : onClose()), [onClose]);
  return (
    <>
      <Dialog
        open
        title={props.title}
        onClose={props.onClose}
        onDismiss={onDismiss}
        footer={
          prices.data ? (
            step === 'details' ? (
              // Keyed: Back's own element goes with its click, never becoming a submit button (Continue)
              // whose default action would submit the form again.
              <button key="continue" type="submit" className="btn" form={formId}>
                {c.continue}
              </button>
            ) : (
              <>
                <button key="back" type="button" className="btn btn-outline" onClick={() => setStep('details')}>
                  {c.back}
                </button>
                <button key="confirm" type="submit" className="btn" form={formId} disabled={busy}>
                  {text.confirm}
                </button>
              </>
            )
          ) : undefined
        }
      >
        <QueryState query={prices}>
          {(lines) => (
            <Checkout
              {...props}
              lines={lines}
              formId={formId}
              step={step}
              onStep={setStep}
              onBusy={setBusy}
              onTyped={onTyped}
            />
          )}
        </QueryState>
      </Dialog>
      <ConfirmDialog
        open={asking}
        title={c.discardTitle}
        message={c.discardMessage}
        confirmLabel={c.discard}
        dismissLabel={c.keepEditing}
        onConfirm={onClose}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

type Step = 'details' | 'review';

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

function Checkout({
  memberId,
  provider,
  serviceId,
  slot,
  hours: hoursBefore,
  lines,
  formId,
  step,
  onStep,
  onBusy,
  onTyped,
}: CheckoutDialogProps & {
  lines: PriceItem[];
  formId: string;
  step: Step;
  onStep(step: Step): void;
  onBusy(busy: boolean): void;
  /** Whether anything differs from what the dialog started with. */
  onTyped(typed: boolean): void;
}) {
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
  const { register, control, handleSubmit, setValue, getValues, setFocus, formState } = form;
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

  const stepName = step === 'details' ? c.stepDetails : c.stepReview;
  const stepHeading = (
    <h3 ref={heading} tabIndex={-1} className={styles.step}>
      {c.step(step === 'details' ? 1 : 2, 2, stepName)}
    </h3>
  );

  if (step === 'review')
    return (
      <form id={formId} className={`form ${styles.review}`} noValidate onSubmit={onConfirm}>
        {stepHeading}
        <CheckoutReview
          form={form}
          memberId={memberId}
          provider={provider}
          line={line}
          details={details.data}
          onTotal={onTotal}
        />
      </form>
    );

  return (
    <SlotForm
      form={form}
      formId={formId}
      providerId={provider._id}
      minutes={minutes}
      onSubmit={onContinue}
      focusDate={lines.length === 0 || Boolean(preselected)}
      before={
        <>
          {stepHeading}
          {lines.length > 0 && (
            <Field label={c.service} error={formState.errors.serviceId?.message}>
              <select autoFocus={!preselected} {...register('serviceId')}>
                <option value="">{c.servicePlaceholder}</option>
                {lines.map((l) => (
                  <option key={l.serviceId} value={l.serviceId}>
                    {`${l.title} — ${(l.unit === 'hour' ? c.perHour : c.perVisit)(money(l.priceCents))}`}
                  </option>
                ))}
              </select>
            </Field>
          )}
          {hourly && (
            <Field label={c.hours} error={formState.errors.hours?.message} hint={hoursEstimate}>
              <select {...register('hours', { valueAsNumber: true })}>
                {Array.from({ length: bookingLimits.hoursMax }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {c.hoursCount(n)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </>
      }
    >
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
              <Field
                label={t.location}
                error={fieldState.error?.message ?? areaRefusal ?? undefined}
                hint={fieldState.error || areaRefusal ? undefined : areaHint}
              >
                <LocationCombobox
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={() => {
                    field.onBlur();
                    setAsked(getValues('address').trim());
                  }}
                  onPick={setAsked}
                  city={city ?? details.data?.city}
                  maxLength={bookingLimits.addressMax}
                  placeholder={t.locationPlaceholder}
                />
              </Field>
            )}
          />

          <Field label={t.description} error={formState.errors.description?.message}>
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

/**
 * A refused booking: the server's messages for how to pay and the coupon shown at them (a wallet
 * with too little, `wallet_short`, is named at `payment`); answers the reason for the toast.
 */
function refusalOf(error: unknown, form: UseFormReturn<CheckoutForm>): string {
  if (error instanceof ApiError) applyServerErrors(error, form.setError, reviewFields);
  return error instanceof Error ? error.message : text.genericError;
}
