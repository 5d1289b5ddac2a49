// 'ADD DETAILS' (/support): Email, prefilled with the sender's address, and Message,
// both required, checked with the server's schema; Send mails the answer.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminSupportText as t, notice } from '../../../../contract/messages.js';
import { replybackBody, supportLimits, type SupportRow } from '../../../../contract/support.js';
import { Field } from '../../../ui/Field.js';
import { FormDialog, useFormSave } from '../../../ui/FormDialog.js';
import { useReplyToSupport } from './api.js';
import styles from './support.module.css';

type FormInput = z.input<typeof replybackBody>;
type FormOutput = z.output<typeof replybackBody>;

export function ReplyDialog({ message, onClose }: { message: SupportRow; onClose(): void }) {
  const reply = useReplyToSupport();
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(replybackBody),
    defaultValues: { Email: message.email, Message: '', _id: message._id },
  });
  const { errors } = formState;
  const save = useFormSave(setError, ['Email', 'Message'], onClose);

  const onSubmit = handleSubmit(async (body) => {
    await save(() => reply.mutateAsync(body), notice.sentSuccessfully);
  });

  return (
    <FormDialog
      title={t.addDetails}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.send}
      busy={reply.isPending}
      busyLabel={t.sending}
      before={
        <figure className={styles.quote}>
          <figcaption className={styles.quoteFrom}>{message.name}</figcaption>
          <blockquote>{message.message}</blockquote>
        </figure>
      }
    >
      <Field label={t.email} error={errors.Email?.message}>
        <input
          type="email"
          autoComplete="off"
          inputMode="email"
          maxLength={supportLimits.emailMax}
          {...register('Email')}
        />
      </Field>
      <Field label={t.message} error={errors.Message?.message}>
        <textarea rows={6} maxLength={supportLimits.replyMax} {...register('Message')} />
      </Field>
    </FormDialog>
  );
}
