// /loginotp: the 6-digit login code for the phone kept in navigation state.
// The server checks the code; a wrong one comes back as 'OTP is invalid'.
import { Link, useLocation, useNavigate } from 'react-router';
import { authText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useToast } from '../../ui/toast.js';
import { returnPath, signedInLanding, stateString, useLoginMember, useSendLoginOtp } from './api.js';
import styles from './auth.module.css';
import { CodeForm, usePhoneCodeForm } from './CodeForm.js';
import { MissingPhone, ResendCode } from './ResendCode.js';
import { AuthPanel } from './AuthPanel.js';

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
  const { handleSubmit, onCodeError, resender, codeProps } = usePhoneCodeForm(useSendLoginOtp());

  const onSubmit = handleSubmit(({ otp }) =>
    login.mutate(
      { phone: mobile, otp },
      {
        onSuccess: () => {
          toast.success(notice.loginSuccessfully);
          void signedInLanding(from).then((to) => navigate(to, { replace: true }));
        },
        onError: onCodeError,
      },
    ),
  );

  const resendCode = () => resender.resend({ mobile });

  return (
    <AuthPanel heading={authText.verifyOtp}>
      <CodeForm sentTo={mobile} {...codeProps} onSubmit={onSubmit} busy={login.isPending}>
        <ResendCode left={resender.countdown.left} pending={resender.pending} onResend={resendCode} />
      </CodeForm>
      <p className={styles.links}>
        <Link to={routes.userLogin} state={{ from }}>
          {authText.startAgain}
        </Link>
      </p>
    </AuthPanel>
  );
}
