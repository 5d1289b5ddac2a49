// /admin/reset-password?token=…: the mailed link's page. A new password typed twice; on success,
// on to the sign-in a second later. A used or old link says so and leads to a new one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminResetBody } from '../../../contract/auth.js';
import { adminResetText as t, notice } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { applyServerErrors } from '../../lib/form-errors.js';
import { ApiError } from '../../lib/api.js';
import { Field } from '../../ui/Field.js';
import { toastDurations, useToast } from '../../ui/toast.js';
import { useAdminResetPassword } from './api.js';
import { AdminAuthPanel, BusyButton } from './AdminAuthPanel.js';

export default function AdminResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const reset = useAdminResetPassword();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(adminResetBody),
    defaultValues: { token: params.get('token') ?? '', password: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => navigate(routes.adminLogin, { replace: true }), toastDurations.short);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const onSubmit = handleSubmit(
    (values) =>
      reset.mutate(values, {
        onSuccess: () => toast.success(notice.passwordChanged),
        onError: (error) => {
          if (error instanceof ApiError) applyServerErrors(error, setError, ['password', 'confirmPassword']);
          setRefusal(error.message);
        },
      }),
    // The token is not a field to type: a broken link says so where the page's message goes.
    (invalid) => setRefusal(invalid.token?.message ?? null),
  );

  return (
    <AdminAuthPanel heading={t.resetHeading}>
      <form className="form" noValidate onSubmit={onSubmit}>
        {refusal && (
          <p role="alert">
            {refusal} <Link to={routes.adminForgotPassword}>{t.sendLink}</Link>
          </p>
        )}
        <Field label={t.newPassword} error={errors.password?.message}>
          <input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label={t.confirmPassword} error={errors.confirmPassword?.message}>
          <input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <BusyButton busy={reset.isPending || reset.isSuccess} pending={reset.isPending}>
          {t.savePassword}
        </BusyButton>
      </form>
    </AdminAuthPanel>
  );
}
