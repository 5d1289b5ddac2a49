// 'ADD DETAILS' (/support): Email, prefilled with the sender's address, and Message,
// both required, checked with the server's schema; Send mails the answer.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminSupportText as t, notice } from '../../../../contract/messages.js';
import { replybackBody, supportLimits, type SupportRow } from '../../../../contract/support.js';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.js';
import { Dialog } from '../../../ui/Dialog.js';
import { Field } from '../../../ui/Field.js';
import { useToast } from '../../../ui/toast.js';
import { useReplyToSupport } from './api.js';
import styles from './support.module.css';

type FormInput = z.input<typeof replybackBody>;
type FormOutput = z.output<typeof replybackBody>;

export function ReplyDialog({ message, onClose }: { message: SupportRow; onClose(): void }) {
  const formId = useId();
  const toast = useToast();
  const reply = useReplyToSupport();
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(replybackBody),
    defaultValues: { Email: message.email, Message: '', _id: message._id },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (body) => {
    try {
      await reply.mutateAsync(body);
    } catch (error) {
      toast.error(errorMessage(error));
      applyServerErrors(error, setError, ['Email', 'Message']);
      return;
    }
    toast.success(notice.sentSuccessfully);
    onClose();
  });

  return (
    <Dialog
      open
      title={t.addDetails}
      onClose={onClose}
      footer={
        <button type="submit" form={formId} className="btn" disabled={reply.isPending}>
          {reply.isPending ? t.sending : t.send}
        </button>
      }
    >
      <figure className={styles.quote}>
        <figcaption className={styles.quoteFrom}>{message.name}</figcaption>
        <blockquote>{message.message}</blockquote>
      </figure>
      <form id={formId} className="form" noValidate onSubmit={onSubmit}>
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
      </form>
    </Dialog>
  );
}
