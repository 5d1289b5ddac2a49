// /verify-account?email=: the 4-digit code that confirms an email account, with the 100 s countdown
// and Resend OTP. The spec sends a verified account to /login, which is the
// admin login here, so members go on to /email-login.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountEmail, limits, verifyEmailBody } from '../../../contract/auth.js';
import { authText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { OtpInput } from '../../ui/OtpInput.js';
import { useToast } from '../../ui/toast.js';
import { codeFailure, pageTitle, useResendVerifyEmail, useVerifyEmail } from './api.js';
import styles from './auth.module.css';
import { ResendCode, useResendCode } from './ResendCode.js';

export default function VerifyAccountPage() {
  const [params] = useSearchParams();
  const email = accountEmail.safeParse(params.get('email') ?? '').data;

  if (!email) {
    return (
      <section className="auth-panel panel">
        <title>{pageTitle(authText.verifyAccount)}</title>
        <h1>{authText.verifyAccount}</h1>
        <p>{authText.missingEmail}</p>
        <Link className="btn" to={routes.signup}>
          {authText.signUp}
        </Link>
      </section>
    );
  }
  return <EmailCode email={email} />;
}

function EmailCode({ email }: { email: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const verify = useVerifyEmail();
  const {
    countdown,
    resend,
    pending: resending,
  } = useResendCode(useResendVerifyEmail(), () => reset({ email, otpNumber: '' }));
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: zodResolver(verifyEmailBody),
    defaultValues: { email, otpNumber: '' },
  });

  const onSubmit = handleSubmit((body) =>
    verify.mutate(body, {
      onSuccess: (response) => {
        toast.success(response.message ?? notice.accountVerified);
        navigate(routes.customerLogin, { replace: true, state: { email } });
      },
      onError: (error) => {
        const { message, atField } = codeFailure(error, 'otpNumber');
        toast.error(message);
        if (atField) setError('otpNumber', { message: atField });
      },
    }),
  );

  const resendCode = () => resend({ email });

  return (
    <section className="auth-panel panel">
      <title>{pageTitle(authText.verifyAccount)}</title>
      <h1>{authText.verifyAccount}</h1>
      <p className={styles.lead}>
        {authText.codeSentTo} <strong>{email}</strong>
      </p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <Controller
          control={control}
          name="otpNumber"
          render={({ field, fieldState }) => (
            <OtpInput
              length={limits.emailCodeLength}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <button type="submit" className="btn btn-block" disabled={verify.isPending}>
          {verify.isPending ? authText.pleaseWait : text.verify}
        </button>
        <ResendCode left={countdown.left} pending={resending} onResend={resendCode} />
      </form>
    </section>
  );
}
