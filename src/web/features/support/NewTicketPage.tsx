// /tickets/new: subject and message, both required (the contract's schema, checked again by the
// server). On success 'Successfully Submitted!' and the member lands on the ticket.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { memberTicketLimits, newTicketBody, type NewTicketInput } from '../../../contract/member-tickets.js';
import { memberTicketText as t, notice, text } from '../../../contract/messages.js';
import { fill, routes } from '../../../contract/paths.js';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.js';
import { Field } from '../../ui/Field.js';
import pageHead from '../../ui/pageHead.module.css';
import { useToast } from '../../ui/toast.js';
import { useOpenTicket } from './api.js';
import styles from './tickets.module.css';

const fields = ['subject', 'message'] as const;

export default function NewTicketPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const open = useOpenTicket();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewTicketInput>({ resolver: zodResolver(newTicketBody), defaultValues: { subject: '', message: '' } });

  useEffect(() => {
    document.title = `${t.newHeading} · ${text.brand}`;
  }, []);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const response = await open.mutateAsync(body);
      toast.success(response.message ?? notice.submitted);
      await navigate(fill(routes.myTicket, { id: response.data._id }));
    } catch (error) {
      applyServerErrors(error, setError, fields);
      toast.error(errorMessage(error));
    }
  });

  return (
    <section className={`container page ${styles.page}`} aria-labelledby="new-ticket-heading">
      <div className={pageHead.head}>
        <h1 id="new-ticket-heading">{t.newHeading}</h1>
        <Link to={routes.myTickets}>{t.backToTickets}</Link>
      </div>
      <p className="muted">{t.newLead}</p>
      <form className={`form panel ${styles.form}`} noValidate onSubmit={onSubmit}>
        <Field label={t.subject} error={errors.subject?.message}>
          <input type="text" autoComplete="off" maxLength={memberTicketLimits.subjectMax} {...register('subject')} />
        </Field>
        <Field label={t.message} error={errors.message?.message}>
          <textarea rows={7} maxLength={memberTicketLimits.messageMax} {...register('message')} />
        </Field>
        <div>
          <button type="submit" className="btn" disabled={isSubmitting || open.isPending}>
            {isSubmitting || open.isPending ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
