// The dollar amount of the wallet's modals (Invest, Move back, Withdraw; the admin's Add Balance).
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../ui/Field.js';

interface AmountFieldProps {
  label: string;
  error?: string;
  hint: string;
  input: UseFormRegisterReturn;
}

export function AmountField({ label, error, hint, input }: AmountFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      <input type="text" inputMode="decimal" autoComplete="off" autoFocus placeholder="0.00" {...input} />
    </Field>
  );
}
