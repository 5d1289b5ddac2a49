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
// What the form does (its state, the steps' moves, the submit and its refusals) is useCheckout's;
// this file draws it.
import { useCallback, useId, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { bookingLimits } from '../../../contract/bookings.js';
import { bookingText as t, checkoutFormText as c, text } from '../../../contract/messages.js';
import { money } from '../../lib/format.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { Dialog } from '../../ui/Dialog.js';
import { Field } from '../../ui/Field.js';
import { QueryState } from '../../ui/states.js';
import { usePriceList } from './checkout.api.js';
import { CheckoutReview } from './CheckoutReview.js';
import styles from './checkout.module.css';
import { LocationCombobox } from './LocationCombobox.js';
import { PhoneDigitsInput } from './PhoneDigitsInput.js';
import { SlotForm } from './SlotForm.js';
import { useCheckout, type CheckoutInput, type CheckoutStep } from './useCheckout.js';

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
  const [step, setStep] = useState<CheckoutStep>('details');
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

/** The form of the step shown; what it does is useCheckout's. */
function Checkout({ formId, ...props }: CheckoutDialogProps & CheckoutInput & { formId: string }) {
  const { provider, lines, step } = props;
  const {
    form,
    line,
    hourly,
    preselected,
    minutes,
    hoursEstimate,
    details,
    city,
    heading,
    onTotal,
    areaRefusal,
    areaHint,
    askServiceArea,
    onContinue,
    onConfirm,
  } = useCheckout(props);
  const { register, control, getValues, formState } = form;

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
          memberId={props.memberId}
          provider={provider}
          line={line}
          details={details}
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
                    askServiceArea(getValues('address').trim());
                  }}
                  onPick={askServiceArea}
                  city={city ?? details?.city}
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
