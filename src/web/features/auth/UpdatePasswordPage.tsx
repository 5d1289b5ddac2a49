// /update-password?email=&otpNumber=: the new password, set with the reset code .
// The mailed reset link opens this page too. Success goes to /email-login after 1 s
// (not /login, which is the admin login).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountEmail, emailCode, resetPasswordBody } from '../../../contract/auth.js';
import { authText, notice } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Field } from '../../ui/Field.js';
import { toastDurations, useToast } from '../../ui/toast.js';
import { isRejected, useResetPassword } from './api.js';
import { applyServerErrors, failureMessage } from '../../lib/form-errors.js';
import styles from './auth.module.css';
import { AuthPanel, AuthSubmit } from './AuthPanel.js';

export default function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const email = accountEmail.safeParse(params.get('email') ?? '').data;
  const otpNumber = emailCode.safeParse(params.get('otpNumber') ?? '').data;

  return (
    <AuthPanel heading={authText.updatePassword}>
      {email && otpNumber ? (
        <NewPassword email={email} otpNumber={otpNumber} />
      ) : (
        <>
          <p>{authText.missingReset}</p>
          <Link className="btn" to={routes.forgotPassword}>
            {authText.forgotPassword}
          </Link>
        </>
      )}
    </AuthPanel>
  );
}

function NewPassword({ email, otpNumber }: { email: string; otpNumber: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const resetPassword = useResetPassword();
  const [changed, setChanged] = useState(false);
  const [codeRejected, setCodeRejected] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(resetPasswordBody),
    defaultValues: { email, otpNumber, password: '', confirmPassword: '' },
  });
  const { errors } = formState;

  useEffect(() => {
    if (!changed) return;
    const timer = window.setTimeout(
      () => navigate(routes.customerLogin, { replace: true, state: { email } }),
      toastDurations.short,
    );
    return () => window.clearTimeout(timer);
  }, [changed, navigate, email]);

  const onSubmit = handleSubmit((body) => {
    setCodeRejected(false);
    resetPassword.mutate(body, {
      onSuccess: (response) => {
        toast.success(response.message ?? notice.passwordChanged);
        setChanged(true);
      },
      onError: (error) => {
        toast.error(failureMessage(error, notice.fail));
        const shown = applyServerErrors(error, setError, ['password', 'confirmPassword']);
        // Anything else refused (a wrong, used or expired code) needs a new code.
        if (!shown && isRejected(error)) setCodeRejected(true);
      },
    });
  });

  const busy = resetPassword.isPending || changed;
  return (
    <>
      {codeRejected && (
        <p className={styles.notice} role="status">
          <Link to={routes.forgotPassword}>{authText.requestNewCode}</Link>
        </p>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <Field label={authText.newPassword} error={errors.password?.message}>
          <input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label={authText.confirmNewPassword} error={errors.confirmPassword?.message}>
          <input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <AuthSubmit label={authText.updatePassword} pending={busy} />
      </form>
    </>
  );
}
