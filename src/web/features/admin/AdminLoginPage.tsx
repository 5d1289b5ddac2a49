// Admin login (/login, /Loginpage). The contract's schema gives the messages; success shows the
// toast, stores the session and goes to the dashboard a second later. An administrator with an
// authenticator app enters its code next (or a recovery code); where the app is required and
// this administrator has none yet, the second step sets it up and shows the recovery codes once.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { adminLoginBody, type TotpSetup } from '../../../contract/auth.js';
import { adminResetText, adminTotpText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { ApiError } from '../../lib/api.js';
import { session, useAdminSession } from '../../lib/session.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import { useAdminLogin, useAdminSecondStep, type AdminSignIn } from './api.js';
import { BusyButton } from './AdminAuthPanel.js';
import { CodeForm, RecoveryCodes, TotpEnrolment } from './TwoStep.js';
import styles from './admin.module.css';

/** How long the success toast shows before the dashboard. */
const redirectDelayMs = 1000;

type Step =
  | { kind: 'password' }
  | { kind: 'code'; ticket: string; enrol: TotpSetup | null; remember: boolean; recovery: boolean }
  | { kind: 'codes'; email: string; token: string; remember: boolean; codes: string[] };

export default function AdminLoginPage() {
  const admin = useAdminSession();
  const navigate = useNavigate();
  const toast = useToast();
  const login = useAdminLogin();
  const secondStep = useAdminSecondStep();
  const [step, setStep] = useState<Step>({ kind: 'password' });
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

  const finish = ({ email, token }: { email: string; token: string }, remember: boolean) => {
    // Committed before the session appears, so the "already signed in" redirect waits its second.
    flushSync(() => setSignedIn(true));
    session.setAdmin({ token, email }, remember);
    toast.success(notice.loggedIn);
    timer.current = window.setTimeout(() => navigate(routes.dashboard, { replace: true }), redirectDelayMs);
  };
  /** After the password or the code: signed in, the codes to save first, or the code to ask for. */
  const next = (answer: AdminSignIn, remember: boolean) => {
    if ('ticket' in answer)
      setStep({ kind: 'code', ticket: answer.ticket, enrol: answer.enrol, remember, recovery: false });
    else if (answer.recoveryCodes)
      setStep({ kind: 'codes', email: answer.email, token: answer.token, remember, codes: answer.recoveryCodes });
    else finish(answer, remember);
  };

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => next(answer, values.remember ?? false),
      onError: (error) => {
        // The server says 'These credentials do not match our records'; the page shows 'Logged In Failed'.
        // A network failure or a rate limit says what really happened.
        const speaksForItself = error instanceof ApiError && (error.status === 0 || error.status === 429);
        toast.error(speaksForItself ? error.message : notice.loggedInFailed);
      },
    }),
  );

  const sendCode = (ticket: string, remember: boolean) => async (code: string) => {
    try {
      next(await secondStep.mutateAsync({ ticket, code }), remember);
    } catch (error) {
      // The ticket's 5 minutes are over: back to the password.
      if (error instanceof ApiError && error.message === adminTotpText.ticketInvalid) {
        toast.error(error.message);
        setStep({ kind: 'password' });
        return;
      }
      throw error;
    }
  };

  const busy = login.isPending || signedIn;
  const heading =
    step.kind === 'password'
      ? text.adminLogin
      : step.kind === 'codes'
        ? adminTotpText.recoveryHeading
        : step.enrol
          ? adminTotpText.enrolHeading
          : adminTotpText.codeHeading;

  return (
    <main className={styles.loginScreen}>
      <title>{`${heading} · ${text.brand}`}</title>
      <div className={styles.loginPanel}>
        <p className={styles.loginBrand}>
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>{text.brand}</span>
        </p>
        <h1 className={styles.loginTitle}>{heading}</h1>
        {step.kind === 'password' && (
          <>
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
          </>
        )}
        {step.kind === 'code' && step.enrol && (
          <>
            <p className={styles.loginLead}>{adminTotpText.enrolLead}</p>
            <TotpEnrolment setup={step.enrol} onCode={sendCode(step.ticket, step.remember)} />
          </>
        )}
        {step.kind === 'code' && !step.enrol && (
          <>
            <p className={styles.loginLead}>{step.recovery ? adminTotpText.recoveryLead : adminTotpText.codeLead}</p>
            <CodeForm
              key={String(step.recovery)}
              recovery={step.recovery}
              submit={adminTotpText.verify}
              onCode={sendCode(step.ticket, step.remember)}
              autoFocus
            />
            <p>
              <button
                type="button"
                className="link-button"
                onClick={() => setStep({ ...step, recovery: !step.recovery })}
              >
                {step.recovery ? adminTotpText.useApp : adminTotpText.useRecovery}
              </button>
            </p>
          </>
        )}
        {step.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={() => finish(step, step.remember)} />}
      </div>
    </main>
  );
}
