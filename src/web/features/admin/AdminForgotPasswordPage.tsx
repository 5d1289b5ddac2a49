// /admin/forgot-password: an administrator asks for a link that sets a new password. The answer
// is the same for any email; the page says what happens next.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { adminForgotBody } from '../../../contract/auth.js';
import { adminResetText as t, text } from '../../../contract/messages.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import { useAdminResetLink } from './api.js';
import { AdminAuthPanel, BusyButton } from './AdminAuthPanel.js';

export default function AdminForgotPasswordPage() {
  const toast = useToast();
  const send = useAdminResetLink();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(adminForgotBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => send.mutate(values, { onError: (error) => toast.error(error.message) }));

  return (
    <AdminAuthPanel heading={t.forgotHeading}>
      {send.isSuccess ? (
        <p role="status">{t.linkSent}</p>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit}>
          <p>{t.forgotLead}</p>
          <Field label={text.adminEmailLabel} error={errors.email?.message}>
            <input type="email" autoComplete="username" inputMode="email" {...register('email')} />
          </Field>
          <BusyButton busy={send.isPending} pending={send.isPending}>
            {t.sendLink}
          </BusyButton>
        </form>
      )}
    </AdminAuthPanel>
  );
}
