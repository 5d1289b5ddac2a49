// /loginotp: the 6-digit login code for the phone kept in navigation state.
// The server checks the code; a wrong one comes back as 'OTP is invalid'.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { limits, memberLoginBody } from '../../../contract/auth.js';
import { authText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { OtpInput } from '../../ui/OtpInput.js';
import { useToast } from '../../ui/toast.js';
import {
  codeFailure,
  pageTitle,
  returnPath,
  signedInLanding,
  stateString,
  useLoginMember,
  useSendLoginOtp,
} from './api.js';
import styles from './auth.module.css';
import { MissingPhone, ResendCode, useResendCode } from './ResendCode.js';

const codeForm = memberLoginBody.pick({ otp: true });

export default function LoginOtpPage() {
  const location = useLocation();
  const mobile = stateString(location.state, 'mobile');
  const from = returnPath(location.state);

  if (!mobile) {
    return <MissingPhone to={routes.userLogin} state={{ from }} label={text.login} />;
  }
  return <LoginCode mobile={mobile} from={from} />;
}

function LoginCode({ mobile, from }: { mobile: string; from: string | undefined }) {
  const navigate = useNavigate();
  const toast = useToast();
  const login = useLoginMember();
  const { countdown, resend, pending: resending } = useResendCode(useSendLoginOtp(), () => reset({ otp: '' }));
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: zodResolver(codeForm),
    mode: 'onTouched',
    defaultValues: { otp: '' },
  });
  const complete = useWatch({ control, name: 'otp' }).length === limits.memberCodeLength;

  const onSubmit = handleSubmit(({ otp }) =>
    login.mutate(
      { phone: mobile, otp },
      {
        onSuccess: () => {
          toast.success(notice.loginSuccessfully);
          void signedInLanding(from).then((to) => navigate(to, { replace: true }));
        },
        onError: (error) => {
          const { message, atField } = codeFailure(error, 'otp');
          toast.error(message);
          if (atField) setError('otp', { message: atField });
        },
      },
    ),
  );

  const resendCode = () => resend({ mobile });

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
        <button type="submit" className="btn btn-block" disabled={!complete || login.isPending}>
          {login.isPending ? authText.pleaseWait : text.verify}
        </button>
        <ResendCode left={countdown.left} pending={resending} onResend={resendCode} />
      </form>
      <p className={styles.links}>
        <Link to={routes.userLogin} state={{ from }}>
          {authText.startAgain}
        </Link>
      </p>
    </section>
  );
}
