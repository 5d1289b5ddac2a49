// Proving the member's own phone (an email account's, given at sign-up): a code is texted to it on
// request and entered here. Until then the phone signs nobody in and gets no texts.
import { useState, type FormEvent } from 'react';
import { limits } from '../../../contract/auth.js';
import { profileText as t } from '../../../contract/messages.js';
import { errorMessage } from '../../lib/form-errors.js';
import { FormDialog } from '../../ui/FormDialog.js';
import { OtpInput } from '../../ui/OtpInput.js';
import { useToast } from '../../ui/toast.js';
import { useProvePhone, useSendPhoneProof } from './api.js';

export function VerifyPhoneDialog({ phone, onClose }: { phone: string; onClose: () => void }) {
  const toast = useToast();
  const send = useSendPhoneProof();
  const prove = useProvePhone();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const sendCode = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => {
        setSent(true);
        if (answer.message) toast.success(answer.message);
      },
      onError: (failure) => toast.error(errorMessage(failure)),
    });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sent) return sendCode();
    if (code.length !== limits.memberCodeLength) return setError(t.enterWholeCode(limits.memberCodeLength));
    prove.mutate(code, {
      onSuccess: () => {
        toast.success(t.phoneVerified);
        onClose();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <FormDialog
      title={t.verifyPhoneTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={t.cancel}
      submitLabel={sent ? t.verify : t.sendCode}
      busy={send.isPending || prove.isPending}
    >
      <p>{sent ? t.codeSentTo(phone) : t.verifyPhoneLead(phone)}</p>
      {sent && (
        <>
          <OtpInput
            length={limits.memberCodeLength}
            label={t.codeLabel}
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(undefined);
            }}
            error={error}
          />
          <p>
            <button type="button" className="link-button" disabled={send.isPending} onClick={sendCode}>
              {t.sendAgain}
            </button>
          </p>
        </>
      )}
    </FormDialog>
  );
}
