// /userotp: the registration code. The server checks it; on success the member
// goes to /userlogin after 1 s. There is no resend endpoint for registration: resending signs up
// again with the name, email and phone kept in navigation state.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { limits, memberSignupBody, verifyOtpBody } from '../../../contract/auth.js';
import { authText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { OtpInput } from '../../ui/OtpInput.js';
import { toastDurations, useToast } from '../../ui/toast.js';
import {
  codeFailure,
  type MemberSignup,
  pageTitle,
  stateString,
  useSignupMember,
  useVerifyRegistration,
} from './api.js';
import styles from './auth.module.css';
import { MissingPhone, ResendCode, useResendCode } from './ResendCode.js';

const codeForm = verifyOtpBody.pick({ otp: true });

export default function UserOtpPage() {
  const location = useLocation();
  const mobile = stateString(location.state, 'mobile');
  const signup = memberSignupBody.safeParse((location.state as { signup?: unknown } | null)?.signup).data;

  if (!mobile) {
    return <MissingPhone to={routes.userSignup} label={authText.register} />;
  }
  return <RegistrationCode mobile={mobile} signup={signup} />;
}

function RegistrationCode({ mobile, signup }: { mobile: string; signup: MemberSignup | undefined }) {
  const navigate = useNavigate();
  const toast = useToast();
  const verify = useVerifyRegistration();
  const { countdown, resend, pending: resending } = useResendCode(useSignupMember(), () => reset({ otp: '' }));
  const [verified, setVerified] = useState(false);
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: zodResolver(codeForm),
    mode: 'onTouched',
    defaultValues: { otp: '' },
  });
  const complete = useWatch({ control, name: 'otp' }).length === limits.memberCodeLength;

  // The spec's 1 s pause after 'Signup successfully', then on to the login with the phone filled in.
  useEffect(() => {
    if (!verified) return;
    const timer = window.setTimeout(
      () => navigate(routes.userLogin, { replace: true, state: { mobile } }),
      toastDurations.short,
    );
    return () => window.clearTimeout(timer);
  }, [verified, navigate, mobile]);

  const onSubmit = handleSubmit(({ otp }) =>
    verify.mutate(
      { mobile, otp },
      {
        onSuccess: (response) => {
          toast.success(response.message ?? notice.signupSuccessfully);
          setVerified(true);
        },
        onError: (error) => {
          const { message, atField } = codeFailure(error, 'otp');
          toast.error(message);
          if (atField) setError('otp', { message: atField });
        },
      },
    ),
  );

  const resendCode = () => {
    if (signup) resend(signup);
  };

  const busy = verify.isPending || verified;
  return (
    <section className="auth-panel panel">
      <title>{pageTitle(authText.verifyOtp)}</title>
      <h1>{authText.verifyOtp}</h1>
      <p className={styles.lead}>
        {authText.codeSentTo} <strong>{mobile}</strong>
      </p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <Controller
          control={control}
          name="otp"
          render={({ field, fieldState }) => (
            <OtpInput
              length={limits.memberCodeLength}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <button type="submit" className="btn btn-block" disabled={!complete || busy}>
          {busy ? authText.pleaseWait : text.verify}
        </button>
        {signup && !verified && <ResendCode left={countdown.left} pending={resending} onResend={resendCode} />}
      </form>
      <p className={styles.links}>
        <Link to={signup?.ref ? `${routes.userSignup}?ref=${encodeURIComponent(signup.ref)}` : routes.userSignup}>
          {authText.startAgain}
        </Link>
      </p>
    </section>
  );
}
