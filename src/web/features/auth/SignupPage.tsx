// /signup: the template sign-up, an email account with a password.
// The role choice is shown as Provider (default) or Customer; providers start Deactive until an
// admin activates them. A 4-digit code is mailed and confirmed on /verify-account.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { emailRegisterBody, limits } from '../../../contract/auth.js';
import { authText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import { returnPath, useRegisterEmail } from './api.js';
import { applyServerErrors, failureMessage } from '../../lib/form-errors.js';
import styles from './auth.module.css';
import { AuthPanel, AuthSubmit } from './AuthPanel.js';

const resolver = zodResolver(emailRegisterBody);

const formFields = [
  'first_name',
  'last_name',
  'email',
  'mobile_no',
  'password',
  'password_again',
  'role',
  'terms',
] as const;

export default function SignupPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const termsErrorId = useId();
  const [params] = useSearchParams();
  // A malformed referral code is dropped rather than blocking the sign-up.
  const ref = emailRegisterBody.shape.ref.safeParse(params.get('ref') || undefined).data;
  const registerEmail = useRegisterEmail();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver,
    defaultValues: {
      role: 'provider',
      first_name: '',
      last_name: '',
      email: '',
      mobile_no: '',
      password: '',
      password_again: '',
    },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((fields) =>
    registerEmail.mutate(
      { ...fields, ref, country_code: limits.defaultCountryCode, is_email_verified: false },
      {
        onSuccess: (response) => {
          toast.success(response.message ?? notice.signupSuccessfully);
          navigate(`${routes.verifyAccount}?${new URLSearchParams({ email: response.data?.email ?? fields.email })}`);
        },
        onError: (error) => {
          toast.error(failureMessage(error, notice.fail));
          applyServerErrors(error, setError, formFields);
        },
      },
    ),
  );

  return (
    <AuthPanel heading={authText.signUp}>
      {ref && (
        <p className={styles.lead}>
          {authText.referralCode}: <strong>{ref}</strong>
        </p>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <fieldset className={styles.roles}>
          <legend>{authText.signUpAs}</legend>
          <label className="check">
            <input type="radio" value="provider" {...register('role')} /> {authText.provider}
          </label>
          <label className="check">
            <input type="radio" value="customer" {...register('role')} /> {authText.customer}
          </label>
        </fieldset>
        <div className={styles.row}>
          <Field label={authText.firstName} error={errors.first_name?.message}>
            <input autoComplete="given-name" maxLength={limits.nameMax} {...register('first_name')} />
          </Field>
          <Field label={authText.lastName} error={errors.last_name?.message}>
            <input autoComplete="family-name" maxLength={limits.nameMax} {...register('last_name')} />
          </Field>
        </div>
        <Field label={authText.email} error={errors.email?.message}>
          <input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Field label={authText.phoneNo} error={errors.mobile_no?.message}>
          <input
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={limits.phoneMax}
            {...register('mobile_no')}
          />
        </Field>
        <Field label={authText.password} error={errors.password?.message}>
          <input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label={authText.confirmPassword} error={errors.password_again?.message}>
          <input type="password" autoComplete="new-password" {...register('password_again')} />
        </Field>
        <div className={styles.terms}>
          <label className="check">
            <input
              type="checkbox"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? termsErrorId : undefined}
              {...register('terms')}
            />
            <span>
              {authText.acceptTermsLead}{' '}
              <Link to={routes.terms} target="_blank" rel="noopener">
                {authText.acceptTermsLink}
              </Link>
            </span>
          </label>
          {errors.terms && (
            <small id={termsErrorId} className="field-error" role="alert">
              {errors.terms.message}
            </small>
          )}
        </div>
        <AuthSubmit label={authText.signUp} pending={registerEmail.isPending} />
      </form>
      <p className={styles.links}>
        <span>
          {authText.haveAccount}{' '}
          <Link to={routes.customerLogin} state={{ from: returnPath(location.state) }}>
            {text.login}
          </Link>
        </span>
      </p>
    </AuthPanel>
  );
}
