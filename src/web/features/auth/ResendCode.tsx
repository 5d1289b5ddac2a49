// The code pages' countdown (100 s, 1 s tick) and, once it reaches 0, 'Resend OTP', which
// restarts it. One place for the four pages that ask for a code, and for what the
// phone-code pages show when they are opened without a number.
import { limits } from '../../../contract/auth.js';
import { authText, notice, text } from '../../../contract/messages.js';
import type { Envelope } from '../../lib/api.js';
import { useToast } from '../../ui/toast.js';
import { useCountdown } from '../../ui/useCountdown.js';
import { Link } from 'react-router';
import { failureMessage } from '../../lib/form-errors.js';
import styles from './auth.module.css';
import { AuthPanel } from './AuthPanel.js';

export interface SendMutation<P> {
  mutate(payload: P, callbacks: { onSuccess(response: Envelope<unknown>): void; onError(error: Error): void }): void;
  isPending: boolean;
}

/** `resend(payload)` sends a new code, toasts the outcome, calls `onSent` and restarts the countdown. */
export function useResendCode<P>(mutation: SendMutation<P>, onSent: () => void) {
  const toast = useToast();
  const countdown = useCountdown(limits.countdownSeconds);
  const resend = (payload: P) =>
    mutation.mutate(payload, {
      onSuccess: (response) => {
        toast.success(response.message ?? notice.otpSendSuccessfully);
        onSent();
        countdown.restart();
      },
      onError: (error) => toast.error(failureMessage(error, notice.otpNotSend)),
    });
  return { countdown, resend, pending: mutation.isPending };
}

interface ResendCodeProps {
  left: number;
  pending: boolean;
  onResend(): void;
}

export function ResendCode({ left, pending, onResend }: ResendCodeProps) {
  return (
    <p className={styles.timer} role="timer">
      {left <= 0 ? (
        <button type="button" className="link-button" onClick={onResend} disabled={pending}>
          {pending ? authText.pleaseWait : text.resendOtp}
        </button>
      ) : (
        `${authText.resendIn} ${left} s`
      )}
    </p>
  );
}

/** A code page opened without its phone number (a bookmark, a reload in another tab): back to where it comes from. */
export function MissingPhone({ to, label, state }: { to: string; label: string; state?: unknown }) {
  return (
    <AuthPanel heading={authText.verifyOtp}>
      <p>{authText.missingPhone}</p>
      <Link className="btn" to={to} state={state}>
        {label}
      </Link>
    </AuthPanel>
  );
}
