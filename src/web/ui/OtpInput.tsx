// One numeric box for an N-digit code: the phone's one-time-code autofill fills it in one go.
import { text } from '../../contract/messages.js';
import { Field } from './Field.js';

interface OtpInputProps {
  length: number;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string;
  label?: string;
}

export function OtpInput({ length, value, onChange, onBlur, error, label = text.enterCode(length) }: OtpInputProps) {
  return (
    <Field label={label} error={error}>
      <input
        className="otp-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={length}
        value={value}
        onBlur={onBlur}
        placeholder={'•'.repeat(length)}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, length))}
      />
    </Field>
  );
}
