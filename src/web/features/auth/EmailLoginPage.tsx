// /email-login: the template customer login with email and password.
// An account whose email is not verified yet gets a fresh code and the way to /verify-account.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { emailLoginBody } from '../../../contract/auth.js';
import { authText, notice, serverError, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import { returnPath, signedInLanding, stateString, useEmailLogin, useResendVerifyEmail } from './api.js';
import { applyServerErrors, failureMessage } from '../../lib/form-errors.js';
import styles from './auth.module.css';
import { AuthPanel, AuthSubmit } from './AuthPanel.js';

export default function EmailLoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const from = returnPath(location.state);
  const login = useEmailLogin();
  const resend = useResendVerifyEmail();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(emailLoginBody),
    defaultValues: { email: stateString(location.state, 'email') ?? '', password: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((body) => {
    setUnverifiedEmail(undefined);
    login.mutate(body, {
      onSuccess: () => {
        toast.success(notice.loggedIn);
        void signedInLanding(from).then((to) => navigate(to, { replace: true }));
      },
      onError: (error) => {
        const message = failureMessage(error, notice.loggedInFailed);
        // 'Logged In Failed' (the old app's words) when the credentials do not match.
        toast.error(message === notice.credentialsMismatch ? notice.loggedInFailed : message);
        applyServerErrors(error, setError, ['email', 'password']);
        if (message === serverError.emailNotVerified) setUnverifiedEmail(body.email);
      },
    });
  });

  function verifyEmail(email: string) {
    resend.mutate(
      { email },
      {
        onSuccess: (response) => {
          toast.success(response.message ?? notice.otpSendSuccessfully);
          navigate(`${routes.verifyAccount}?${new URLSearchParams({ email })}`);
        },
        onError: (error) => toast.error(failureMessage(error, notice.otpNotSend)),
      },
    );
  }

  return (
    <AuthPanel heading={authText.emailLogin}>
      {unverifiedEmail && (
        <p className={styles.notice} role="status">
          {serverError.emailNotVerified}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => verifyEmail(unverifiedEmail)}
            disabled={resend.isPending}
          >
            {resend.isPending ? authText.pleaseWait : authText.verifyEmailLink}
          </button>
        </p>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <Field label={authText.email} error={errors.email?.message}>
          <input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Field label={authText.password} error={errors.password?.message}>
          <input type="password" autoComplete="current-password" {...register('password')} />
        </Field>
        <Link className={styles.aside} to={routes.forgotPassword}>
          {authText.forgotPasswordLink}
        </Link>
        <AuthSubmit label={text.login} pending={login.isPending} />
      </form>
      <p className={styles.links}>
        <Link to={routes.userLogin} state={{ from }}>
          {authText.loginWithPhone}
        </Link>
        <Link to={routes.signup} state={{ from }}>
          {authText.createAccount}
        </Link>
      </p>
    </AuthPanel>
  );
}
