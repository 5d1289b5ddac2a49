// /admin/forgot-password: an administrator asks for a link that sets a new password. The answer
// is the same for any email; the page says what happens next.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { adminForgotBody } from '../../../contract/auth.js';
import { adminResetText as t, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import { useAdminResetLink } from './api.js';
import styles from './admin.module.css';

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
    <main className={styles.loginScreen}>
      <title>{`${t.forgotHeading} · ${text.brand}`}</title>
      <div className={styles.loginPanel}>
        <h1 className={styles.loginTitle}>{t.forgotHeading}</h1>
        {send.isSuccess ? (
          <p role="status">{t.linkSent}</p>
        ) : (
          <form className="form" noValidate onSubmit={onSubmit}>
            <p>{t.forgotLead}</p>
            <Field label={text.adminEmailLabel} error={errors.email?.message}>
              <input type="email" autoComplete="username" inputMode="email" {...register('email')} />
            </Field>
            <button
              type="submit"
              className="btn btn-block"
              disabled={send.isPending}
              aria-busy={send.isPending || undefined}
            >
              {send.isPending && <span className="spinner" aria-hidden="true" />}
              {t.sendLink}
            </button>
          </form>
        )}
        <p>
          <Link to={routes.adminLogin}>{t.backToLogin}</Link>
        </p>
      </div>
    </main>
  );
}
