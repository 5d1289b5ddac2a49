// /usersignup: the Register screen, name, email and phone; a 6-digit code goes to the phone and the
// member confirms it on /userotp. `?ref=CODE` records who referred them.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { limits, memberSignupBody } from '../../../contract/auth.js';
import { authText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import { useSignupMember } from './api.js';
import { applyServerErrors, failureMessage } from '../../lib/form-errors.js';
import styles from './auth.module.css';
import { AuthPanel, AuthSubmit } from './AuthPanel.js';
import { useHydrated } from '../../lib/hydrated.js';

export default function UserSignupPage() {
  // Sent by the app, never by the browser itself (which would put the fields in the URL).
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  // A malformed code is dropped rather than blocking the sign-up.
  const ref = memberSignupBody.shape.ref.safeParse(params.get('ref') || undefined).data;
  const signup = useSignupMember();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(memberSignupBody),
    defaultValues: { name: '', email: '', phone: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((fields) => {
    const body = { ...fields, ref };
    signup.mutate(body, {
      onSuccess: (response) => {
        toast.success(response.message ?? notice.otpSendSuccessfully);
        // The whole sign-up rides along: resending the code means signing up again.
        navigate(routes.userOtp, { state: { mobile: body.phone, signup: body } });
      },
      onError: (error) => {
        toast.error(failureMessage(error, notice.fail));
        applyServerErrors(error, setError, ['name', 'email', 'phone']);
      },
    });
  });

  return (
    <AuthPanel heading={authText.register}>
      {ref && (
        <p className={styles.lead}>
          {authText.referralCode}: <strong>{ref}</strong>
        </p>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <Field label={authText.name} error={errors.name?.message}>
          <input autoComplete="name" maxLength={limits.nameMax} {...register('name')} />
        </Field>
        <Field label={authText.email} error={errors.email?.message}>
          <input type="email" autoComplete="email" maxLength={limits.emailMax} {...register('email')} />
        </Field>
        <Field label={authText.phone} error={errors.phone?.message}>
          <input type="tel" inputMode="numeric" autoComplete="tel" maxLength={limits.phoneMax} {...register('phone')} />
        </Field>
        <AuthSubmit label={authText.register} pending={signup.isPending} disabled={signup.isPending || !hydrated} />
      </form>
      <p className={styles.links}>
        <span>
          {authText.haveAccount} <Link to={routes.userLogin}>{text.login}</Link>
        </span>
      </p>
    </AuthPanel>
  );
}
