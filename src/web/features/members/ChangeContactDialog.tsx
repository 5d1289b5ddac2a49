// Changing the member's phone or email: the new one first, then the code sent to it. The account
// keeps the old one until the code is entered (the server lets it go then).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contactChangeBody, limits, type ContactChange } from '../../../contract/auth.js';
import { profileText as t } from '../../../contract/messages.js';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.js';
import { Field } from '../../ui/Field.js';
import { FormDialog } from '../../ui/FormDialog.js';
import { OtpInput } from '../../ui/OtpInput.js';
import { useToast } from '../../ui/toast.js';
import { useChangeContact, useConfirmContact } from './api.js';

type Kind = ContactChange['kind'];

export function ChangeContactDialog({ kind, onClose }: { kind: Kind; onClose: () => void }) {
  const toast = useToast();
  const change = useChangeContact();
  const confirm = useConfirmContact();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const { register, handleSubmit, setError, formState } = useForm<
    { kind: Kind; value: string },
    unknown,
    ContactChange
  >({
    resolver: zodResolver(contactChangeBody),
    defaultValues: { kind, value: '' },
  });
  const length = kind === 'phone' ? limits.memberCodeLength : limits.emailCodeLength;

  const ask = handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => setSentTo(body.value),
      onError: (error) => {
        toast.error(errorMessage(error));
        applyServerErrors(error, setError, ['value']);
      },
    }),
  );
  const submitCode = () => {
    if (code.length !== length) return setCodeError(t.enterWholeCode(length));
    confirm.mutate(
      { kind, code },
      {
        onSuccess: () => {
          toast.success(kind === 'phone' ? t.phoneChanged : t.emailChanged);
          onClose();
        },
        onError: (error) => setCodeError(errorMessage(error)),
      },
    );
  };

  return (
    <FormDialog
      title={kind === 'phone' ? t.changePhoneTitle : t.changeEmailTitle}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (sentTo) submitCode();
        else void ask(event);
      }}
      cancelLabel={t.cancel}
      submitLabel={sentTo ? t.verify : t.sendCode}
      busy={change.isPending || confirm.isPending}
    >
      {sentTo ? (
        <>
          <p>{kind === 'phone' ? t.codeSentTo(sentTo) : t.emailCodeSentTo(sentTo)}</p>
          <OtpInput
            length={length}
            label={kind === 'phone' ? t.codeLabel : t.emailCodeLabel}
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeError(undefined);
            }}
            error={codeError}
          />
        </>
      ) : (
        <>
          <p>{t.changeLead}</p>
          <Field label={kind === 'phone' ? t.newPhone : t.newEmail} error={formState.errors.value?.message}>
            <input
              type={kind === 'phone' ? 'tel' : 'email'}
              inputMode={kind === 'phone' ? 'numeric' : 'email'}
              autoComplete={kind === 'phone' ? 'tel-national' : 'email'}
              {...register('value')}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
