// Admin login (/login, /Loginpage). The contract's schema gives the
// messages; success shows the toast, stores the session and goes to the dashboard a second later.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { adminLoginBody } from '../../../contract/auth.js';
import { adminResetText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { ApiError } from '../../lib/api.js';
import { session, useAdminSession } from '../../lib/session.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import { useAdminLogin } from './api.js';
import { BusyButton } from './AdminAuthPanel.js';
import styles from './admin.module.css';

/** How long the success toast shows before the dashboard. */
const redirectDelayMs = 1000;

export default function AdminLoginPage() {
  const admin = useAdminSession();
  const navigate = useNavigate();
  const toast = useToast();
  const login = useAdminLogin();
  const [signedIn, setSignedIn] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(adminLoginBody),
    defaultValues: { email: '', password: '', remember: false },
  });

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Already signed in as an admin: straight to the dashboard (not while the 1 s redirect runs).
  if (admin && !signedIn) return <Navigate to={routes.dashboard} replace />;

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ email, token }) => {
        // Committed before the session appears, so the "already signed in" redirect waits its second.
        flushSync(() => setSignedIn(true));
        session.setAdmin({ token, email }, values.remember ?? false);
        toast.success(notice.loggedIn);
        timer.current = window.setTimeout(() => navigate(routes.dashboard, { replace: true }), redirectDelayMs);
      },
      onError: (error) => {
        // The server says 'These credentials do not match our records'; the spec shows 'Logged In Failed'.
        // A network failure or a rate limit says what really happened.
        const speaksForItself = error instanceof ApiError && (error.status === 0 || error.status === 429);
        toast.error(speaksForItself ? error.message : notice.loggedInFailed);
      },
    }),
  );

  const busy = login.isPending || signedIn;

  return (
    <main className={styles.loginScreen}>
      <title>{`${text.adminLogin} · ${text.brand}`}</title>
      <div className={styles.loginPanel}>
        <p className={styles.loginBrand}>
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>{text.brand}</span>
        </p>
        <h1 className={styles.loginTitle}>{text.adminLogin}</h1>
        <form className="form" noValidate onSubmit={onSubmit}>
          <Field label={text.adminEmailLabel} error={errors.email?.message}>
            <input type="email" autoComplete="username" inputMode="email" {...register('email')} />
          </Field>
          <Field label={text.adminPasswordLabel} error={errors.password?.message}>
            <input type="password" autoComplete="current-password" {...register('password')} />
          </Field>
          <label className="check">
            <input type="checkbox" {...register('remember')} />
            {text.rememberMe}
          </label>
          <BusyButton busy={busy} pending={login.isPending}>
            {text.login}
          </BusyButton>
        </form>
        <p>
          <Link to={routes.adminForgotPassword}>{adminResetText.forgotLink}</Link>
        </p>
      </div>
    </main>
  );
}
