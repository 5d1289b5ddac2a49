// /userlogin: the member enters a phone number and gets a 6-digit code.
// Social sign-in icons of the old screen had no behaviour, so there are none here.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { limits, sendLoginOtpBody } from '../../../contract/auth.js';
import { authText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import { returnPath, stateString, useSendLoginOtp } from './api.js';
import { applyServerErrors, failureMessage } from '../../lib/form-errors.js';
import styles from './auth.module.css';
import { AuthPanel, AuthSubmit } from './AuthPanel.js';
import { useHydrated } from '../../lib/hydrated.js';

export default function UserLoginPage() {
  // Sent by the app, never by the browser itself (which would put the fields in the URL).
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const from = returnPath(location.state);
  const sendOtp = useSendLoginOtp();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(sendLoginOtpBody),
    // Coming back from registration, the phone is already known.
    defaultValues: { mobile: stateString(location.state, 'mobile') ?? '' },
  });

  const onSubmit = handleSubmit((body) =>
    sendOtp.mutate(body, {
      onSuccess: (response) => {
        toast.success(response.message ?? notice.otpSendSuccessfully);
        navigate(routes.loginOtp, { state: { mobile: body.mobile, from } });
      },
      onError: (error) => {
        toast.error(failureMessage(error, notice.otpNotSend));
        applyServerErrors(error, setError, ['mobile']);
      },
    }),
  );

  return (
    <AuthPanel heading={text.login}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <Field label={authText.phoneNumber} error={formState.errors.mobile?.message}>
          <input
            type="tel"
            inputMode="numeric"
            maxLength={limits.phoneMax}
            autoComplete="tel"
            {...register('mobile')}
          />
        </Field>
        <AuthSubmit label={text.login} pending={sendOtp.isPending} disabled={sendOtp.isPending || !hydrated} />
      </form>
      <p className={styles.links}>
        <Link to={routes.userSignup}>{authText.createAccount}</Link>
        <Link to={routes.customerLogin} state={{ from }}>
          {authText.loginWithEmail}
        </Link>
      </p>
    </AuthPanel>
  );
}
