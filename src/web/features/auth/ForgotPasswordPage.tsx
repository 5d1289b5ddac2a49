// /forgot-password: stage 1 mails a 4-digit code, stage 2 has the server check it; the new password
// is set on /update-password with email and otpNumber in the query.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { emailOnlyBody, limits } from '../../../contract/auth.js';
import { authText, notice, validation } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import { useForgotPassword, useVerifyResetOtp } from './api.js';
import { applyServerErrors, failureMessage } from '../../lib/form-errors.js';
import styles from './auth.module.css';
import { CodeForm, useEmailCodeForm } from './CodeForm.js';
import { ResendCode } from './ResendCode.js';
import { AuthPanel, AuthSubmit } from './AuthPanel.js';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState<string>();
  return (
    <AuthPanel heading={authText.forgotPassword}>
      {email ? <CodeStage email={email} onChangeEmail={() => setEmail(undefined)} /> : <EmailStage onSent={setEmail} />}
    </AuthPanel>
  );
}

/** Stage 1: the email the code goes to. */
function EmailStage({ onSent }: { onSent(email: string): void }) {
  const toast = useToast();
  const forgot = useForgotPassword();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(emailOnlyBody),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) =>
    forgot.mutate(
      { stage: 1, email },
      {
        onSuccess: (response) => {
          toast.success(response.message ?? notice.otpSendSuccessfully);
          onSent(email);
        },
        onError: (error) => {
          toast.error(failureMessage(error, notice.otpNotSend));
          applyServerErrors(error, setError, ['email']);
        },
      },
    ),
  );

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <Field label={authText.email} error={formState.errors.email?.message}>
        <input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <AuthSubmit label={authText.sendOtp} pending={forgot.isPending} />
    </form>
  );
}

/** Stage 2: the code; the server checks it without using it up, and the new password follows. */
function CodeStage({ email, onChangeEmail }: { email: string; onChangeEmail(): void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const verify = useVerifyResetOtp();
  // Errors change on submit only: a partial code is the toast's business, not the field's.
  const { handleSubmit, clearErrors, getValues, onCodeError, resender, codeProps } = useEmailCodeForm(
    email,
    useForgotPassword(),
    'onSubmit',
  );

  const submit = handleSubmit((body) =>
    verify.mutate(body, {
      onSuccess: () =>
        navigate(`${routes.updatePassword}?${new URLSearchParams({ email: body.email, otpNumber: body.otpNumber })}`),
      onError: onCodeError,
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // An empty box says 'plese fill the otp' next to it; a partial code gets a toast.
    const entered = getValues('otpNumber').length;
    if (entered > 0 && entered < limits.emailCodeLength) {
      event.preventDefault();
      clearErrors('otpNumber');
      toast.error(validation.completeOtp);
      return;
    }
    return submit(event);
  }

  const resendCode = () => resender.resend({ stage: 1, email });

  return (
    <>
      <CodeForm
        sentTo={email}
        {...codeProps}
        onSubmit={onSubmit}
        busy={verify.isPending}
        onCodeChange={() => clearErrors('otpNumber')}
      >
        <ResendCode left={resender.countdown.left} pending={resender.pending} onResend={resendCode} />
      </CodeForm>
      <p className={styles.links}>
        <button type="button" className="link-button" onClick={onChangeEmail}>
          {authText.useOtherEmail}
        </button>
      </p>
    </>
  );
}
