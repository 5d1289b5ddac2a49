// An administrator's two-step sign-in on screen: the code form, the app's setup (QR code and key)
// and the recovery codes shown once. The sign-in (/login) and /admin/security both use them.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { totpCodeBody, type TotpSetup } from '../../../contract/auth.js';
import { adminTotpText as t } from '../../../contract/messages.js';
import { errorMessage } from '../../lib/form-errors.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import { BusyButton } from './AdminAuthPanel.js';
import styles from './twoStep.module.css';

const recoveryForm = z.object({ code: z.string().trim().min(1, { error: t.codeRequired }) });

interface CodeFormProps {
  /** A recovery code rather than the app's six digits. */
  recovery?: boolean;
  submit: string;
  /** Sends the code; a refusal shows under the field. */
  onCode: (code: string) => Promise<unknown>;
  autoFocus?: boolean;
}

export function CodeForm({ recovery = false, submit, onCode, autoFocus = false }: CodeFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({
    resolver: zodResolver(recovery ? recoveryForm : totpCodeBody),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
    } catch (error) {
      setError('code', { message: errorMessage(error) }, { shouldFocus: true });
    }
  });
  const input = recovery
    ? { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false }
    : { inputMode: 'numeric' as const, autoComplete: 'one-time-code', maxLength: 7 };
  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <Field label={recovery ? t.recoveryLabel : t.codeLabel} error={errors.code?.message}>
        <input
          type="text"
          className={styles.codeInput}
          // The step's one field, ready when the step opens.
          autoFocus={autoFocus}
          {...input}
          {...register('code')}
        />
      </Field>
      <BusyButton busy={isSubmitting} pending={isSubmitting}>
        {submit}
      </BusyButton>
    </form>
  );
}

/** The key in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** A new key for the app: its QR code, a link for an app on this same phone, the key as text, and the first code. */
export function TotpEnrolment({ setup, onCode }: { setup: TotpSetup; onCode: (code: string) => Promise<unknown> }) {
  return (
    <div className={styles.enrol}>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
        alt={t.qrAlt}
        width={184}
        height={184}
      />
      <a href={setup.uri}>{t.openInApp}</a>
      <p className={styles.secret}>
        {t.secretLabel}
        <code data-testid="totp-secret">{grouped(setup.secret)}</code>
      </p>
      <CodeForm submit={t.verify} onCode={onCode} />
    </div>
  );
}

/** The recovery codes, shown once: copy them, then say they are kept. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => toast.success(t.codesCopied),
      () => toast.error(t.copyFailed),
    );
  return (
    <div className={styles.recovery}>
      <p className={styles.lead}>{t.recoveryCodesLead}</p>
      <ol className={styles.codes} aria-label={t.recoveryHeading}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <button type="button" className="btn btn-outline" onClick={() => void copy()}>
          {t.copyCodes}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t.savedCodes}
        </button>
      </div>
    </div>
  );
}
