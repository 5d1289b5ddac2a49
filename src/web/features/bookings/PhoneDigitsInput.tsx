// The phone number of the booking forms (the member's dialog, the admin's Create Booking): digits
// only, at most 10; a pasted '512-555-0177' keeps its ten digits. Used inside a Controller and a Field.
import type { InputHTMLAttributes, Ref } from 'react';
import { bookingLimits } from '../../../contract/bookings.js';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'type'>;

interface PhoneDigitsInputProps extends InputProps {
  /** The Controller's field. */
  field: { ref: Ref<HTMLInputElement>; name: string; value: string; onChange(value: string): void; onBlur(): void };
}

export function PhoneDigitsInput({ field, ...input }: PhoneDigitsInputProps) {
  return (
    <input
      ref={field.ref}
      name={field.name}
      type="tel"
      inputMode="numeric"
      {...input}
      value={field.value}
      onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, bookingLimits.phoneMax))}
      onBlur={field.onBlur}
    />
  );
}
