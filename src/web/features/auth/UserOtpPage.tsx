// /userotp: the registration code. The server checks it; on success the member
// goes to /userlogin after 1 s. There is no resend endpoint for registration: resending signs up
// again with the name, email and phone kept in navigation state.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { memberSignupBody } from '../../../contract/auth.js';
import { authText, notice } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { toastDurations, useToast } from '../../ui/toast.js';
import { type MemberSignup, stateString, useSignupMember, useVerifyRegistration } from './api.js';
import styles from './auth.module.css';
import { CodeForm, usePhoneCodeForm } from './CodeForm.js';
import { MissingPhone, ResendCode } from './ResendCode.js';
import { AuthPanel } from './AuthPanel.js';

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
  const [verified, setVerified] = useState(false);
  const { handleSubmit, onCodeError, resender, codeProps } = usePhoneCodeForm(useSignupMember());

  // A 1 s pause after 'Signup successfully', then on to the login with the phone filled in.
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
      // The sign-up's email: the code verifies this sign-up only, not one made since by someone else.
      { mobile, otp, ...(signup ? { email: signup.email } : {}) },
      {
        onSuccess: (response) => {
          toast.success(response.message ?? notice.signupSuccessfully);
          setVerified(true);
        },
        onError: onCodeError,
      },
    ),
  );

  const resendCode = () => {
    if (signup) resender.resend(signup);
  };

  const busy = verify.isPending || verified;
  return (
    <AuthPanel heading={authText.verifyOtp}>
      <CodeForm sentTo={mobile} {...codeProps} onSubmit={onSubmit} busy={busy}>
        {signup && !verified && (
          <ResendCode left={resender.countdown.left} pending={resender.pending} onResend={resendCode} />
        )}
      </CodeForm>
      <p className={styles.links}>
        <Link to={signup?.ref ? `${routes.userSignup}?ref=${encodeURIComponent(signup.ref)}` : routes.userSignup}>
          {authText.startAgain}
        </Link>
      </p>
    </AuthPanel>
  );
}
