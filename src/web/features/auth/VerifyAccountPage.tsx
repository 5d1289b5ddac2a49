// /verify-account?email=: the 4-digit code that confirms an email account, with the 100 s countdown
// and Resend OTP. A verified account goes on to /email-login, not /login, which is the
// admin login.
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountEmail } from '../../../contract/auth.js';
import { authText, notice } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useToast } from '../../ui/toast.js';
import { useResendVerifyEmail, useVerifyEmail } from './api.js';
import { CodeForm, useEmailCodeForm } from './CodeForm.js';
import { ResendCode } from './ResendCode.js';
import { AuthPanel } from './AuthPanel.js';

export default function VerifyAccountPage() {
  const [params] = useSearchParams();
  const email = accountEmail.safeParse(params.get('email') ?? '').data;

  if (!email) {
    return (
      <AuthPanel heading={authText.verifyAccount}>
        <p>{authText.missingEmail}</p>
        <Link className="btn" to={routes.signup}>
          {authText.signUp}
        </Link>
      </AuthPanel>
    );
  }
  return <EmailCode email={email} />;
}

function EmailCode({ email }: { email: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const verify = useVerifyEmail();
  const { handleSubmit, onCodeError, resender, codeProps } = useEmailCodeForm(email, useResendVerifyEmail());

  const onSubmit = handleSubmit((body) =>
    verify.mutate(body, {
      onSuccess: (response) => {
        toast.success(response.message ?? notice.accountVerified);
        navigate(routes.customerLogin, { replace: true, state: { email } });
      },
      onError: onCodeError,
    }),
  );

  const resendCode = () => resender.resend({ email });

  return (
    <AuthPanel heading={authText.verifyAccount}>
      <CodeForm sentTo={email} {...codeProps} onSubmit={onSubmit} busy={verify.isPending}>
        <ResendCode left={resender.countdown.left} pending={resender.pending} onResend={resendCode} />
      </CodeForm>
    </AuthPanel>
  );
}
