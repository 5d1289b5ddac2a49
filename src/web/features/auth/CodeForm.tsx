// The body of the four pages that ask for a code: where it went, the one code box, Verify, and the
// resend row (children); and what a refused code shows (a toast, and the message at the box).
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { limits, memberLoginBody, verifyEmailBody } from '../../../contract/auth.js';
import { authText, text } from '../../../contract/messages.js';
import { OtpInput } from '../../ui/OtpInput.js';
import { useToast } from '../../ui/toast.js';
import { codeFailure } from './api.js';
import { AuthSubmit } from './AuthPanel.js';
import styles from './auth.module.css';
import { useResendCode, type SendMutation } from './ResendCode.js';

interface CodeFormProps<T extends FieldValues> {
  /** The phone number or email address the code went to. */
  sentTo: string;
  control: Control<T>;
  /** The form's code field (a string). */
  name: Path<T>;
  length: number;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** The call is under way (or done): Verify is disabled and says so. */
  busy: boolean;
  /** False keeps Verify disabled (an incomplete code). */
  ready?: boolean;
  /** Leaving the box counts as touching it (forms validated 'onTouched'). */
  touchOnBlur?: boolean;
  /** Called after each change of the code. */
  onCodeChange?(): void;
  children?: ReactNode;
}

export function CodeForm<T extends FieldValues>({
  sentTo,
  control,
  name,
  length,
  onSubmit,
  busy,
  ready = true,
  touchOnBlur = false,
  onCodeChange,
  children,
}: CodeFormProps<T>) {
  return (
    <>
      <p className={styles.lead}>
        {authText.codeSentTo} <strong>{sentTo}</strong>
      </p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <Controller
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <OtpInput
              length={length}
              value={field.value as string}
              onChange={(value) => {
                field.onChange(value);
                onCodeChange?.();
              }}
              onBlur={touchOnBlur ? field.onBlur : undefined}
              error={fieldState.error?.message}
            />
          )}
        />
        <AuthSubmit label={text.verify} pending={busy} disabled={!ready || busy} />
        {children}
      </form>
    </>
  );
}

/** The `onError` of a code check: the failure's toast, and its message at the code field when it names it. */
export function useCodeFailure<T extends FieldValues>(setError: UseFormSetError<T>, field: Path<T>) {
  const toast = useToast();
  return (error: unknown) => {
    const { message, atField } = codeFailure(error, field);
    toast.error(message);
    if (atField) setError(field, { message: atField });
  };
}

/** Both phone codes (login, registration) are the same 6-digit member code. */
const phoneCode = memberLoginBody.pick({ otp: true });

/**
 * The form of a phone code: checked once the box is left, Verify ready once all 6 digits are in;
 * `resender` sends a new code with `resendWith` and empties the box. `codeProps` go to CodeForm.
 */
export function usePhoneCodeForm<P>(resendWith: SendMutation<P>) {
  const resender = useResendCode(resendWith, () => form.reset({ otp: '' }));
  const form = useForm({ resolver: zodResolver(phoneCode), mode: 'onTouched', defaultValues: { otp: '' } });
  const complete = useWatch({ control: form.control, name: 'otp' }).length === limits.memberCodeLength;
  const onCodeError = useCodeFailure(form.setError, 'otp');
  const codeProps = {
    control: form.control,
    name: 'otp',
    length: limits.memberCodeLength,
    ready: complete,
    touchOnBlur: true,
  } as const;
  return { ...form, onCodeError, resender, codeProps };
}

/** The form of an email code (verify the account, reset the password) for `email`; as usePhoneCodeForm. */
export function useEmailCodeForm<P>(
  email: string,
  resendWith: SendMutation<P>,
  reValidateMode: 'onChange' | 'onSubmit' = 'onChange',
) {
  const resender = useResendCode(resendWith, () => form.reset({ email, otpNumber: '' }));
  const form = useForm({
    resolver: zodResolver(verifyEmailBody),
    reValidateMode,
    defaultValues: { email, otpNumber: '' },
  });
  const onCodeError = useCodeFailure(form.setError, 'otpNumber');
  const codeProps = { control: form.control, name: 'otpNumber', length: limits.emailCodeLength } as const;
  return { ...form, onCodeError, resender, codeProps };
}
