// /ContactUs: Name, Email, Message and Confirm. The contract's schema checks the fields in
// that order and its messages show next to each field; the server checks the same schema.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactBody, contactLimits, type ContactBody } from '../../../contract/content.js';
import { notice, text } from '../../../contract/messages.js';
import { applyServerErrors, failureMessage } from '../../lib/form-errors.js';
import { Field } from '../../ui/Field.js';
import { useToast } from '../../ui/toast.js';
import styles from './content.module.css';
import { useContact } from './api.js';
import { useHydrated } from '../../lib/hydrated.js';

const fields = ['name', 'email', 'message'] as const satisfies readonly (keyof ContactBody)[];
const empty: ContactBody = { name: '', email: '', message: '' };

export default function ContactPage() {
  // Sent by the app, never by the browser itself (which would put the fields in the URL).
  const hydrated = useHydrated();
  const toast = useToast();
  const contact = useContact();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(contactBody), defaultValues: empty });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await contact.mutateAsync(body);
      toast.success(notice.contactSent);
      reset(empty);
    } catch (error) {
      // A 400 names the fields the server refused: show each next to its field.
      applyServerErrors(error, setError, fields, { focus: true });
      toast.error(failureMessage(error, notice.contactFailed));
    }
  });

  return (
    <section className={`container page ${styles.contact}`} aria-labelledby="contact-heading">
      <title>{`${text.contactHeading} · ${text.brand}`}</title>
      <h1 id="contact-heading">{text.contactHeading}</h1>
      <p className="muted">{text.contactLead}</p>
      <form className="form panel" noValidate onSubmit={onSubmit}>
        <Field label={text.nameLabel} error={errors.name?.message}>
          <input type="text" autoComplete="name" maxLength={contactLimits.nameMax} {...register('name')} />
        </Field>
        <Field label={text.emailLabel} error={errors.email?.message}>
          <input
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={contactLimits.emailMax}
            {...register('email')}
          />
        </Field>
        <Field label={text.messageLabel} error={errors.message?.message}>
          <textarea rows={6} maxLength={contactLimits.messageMax} {...register('message')} />
        </Field>
        <div>
          <button type="submit" className="btn" disabled={contact.isPending || !hydrated}>
            {text.confirm}
          </button>
        </div>
      </form>
    </section>
  );
}
