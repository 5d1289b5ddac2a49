// /my-tickets/<id>: one of the member's tickets: subject, status, the first message, the reply
// thread in order (Doorstep support's answers and the member's replies) and a reply form. A reply
// to a resolved ticket opens it again (the server decides; the form says so).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import {
  memberReplyBody,
  memberTicketLimits,
  type MemberReplyInput,
  type MyTicket,
} from '../../../contract/member-tickets.js';
import { memberTicketText as t, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { ApiError } from '../../lib/api.js';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.js';
import { shortDateTime as when } from '../../lib/dates.js';
import { Field } from '../../ui/Field.js';
import { QueryState, ShowMore } from '../../ui/states.js';
import listStyles from '../../ui/lists.module.css';
import noticeStyles from '../../ui/notice.module.css';
import pageHead from '../../ui/pageHead.module.css';
import { useToast } from '../../ui/toast.js';
import { ticketKeys, useMyTicket, useReplyToMyTicket, useTicketThread } from './api.js';
import { TicketStatus } from './TicketStatus.js';
import styles from './tickets.module.css';
import { useRefreshOnNotification } from '../notifications/index.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function TicketPage() {
  const raw = useParams().id ?? '';
  const id = uuid.test(raw) ? raw : null;
  const ticket = useMyTicket(id);
  useRefreshOnNotification(ticketKeys.all);

  useEffect(() => {
    document.title = `${ticket.data?.subject ?? t.ticketHeading} · ${text.brand}`;
  }, [ticket.data?.subject]);

  let body;
  if (!id || (ticket.error instanceof ApiError && ticket.error.status === 404)) {
    body = (
      <div className={noticeStyles.notFound} role="alert">
        <p>{t.ticketNotFound}</p>
        <Link to={routes.myTickets}>{t.backToTickets}</Link>
      </div>
    );
  } else body = <QueryState query={ticket}>{(data) => <Ticket ticket={data} />}</QueryState>;

  return (
    <section className={`container page ${styles.page}`} aria-labelledby="ticket-heading">
      <div className={pageHead.head}>
        <h1 id="ticket-heading">{ticket.data?.subject ?? t.ticketHeading}</h1>
        <Link to={routes.myTickets}>{t.backToTickets}</Link>
      </div>
      {body}
    </section>
  );
}

function Ticket({ ticket }: { ticket: MyTicket }) {
  const thread = useTicketThread(ticket._id);
  const replies = thread.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <article className={`panel ${styles.ticket}`} aria-label={t.ticketHeading}>
        <div className={styles.itemHead}>
          <p className={styles.meta}>
            {t.created} <time dateTime={ticket.createdAt}>{when(ticket.createdAt)}</time>
          </p>
          <TicketStatus status={ticket.status} />
        </div>
        <p className={styles.message}>{ticket.message}</p>
      </article>

      <section className={styles.thread} aria-labelledby="replies-heading">
        <h2 id="replies-heading">{t.replies}</h2>
        <QueryState query={thread} isEmpty={() => replies.length === 0} empty={<p className="muted">{t.noReplies}</p>}>
          {() => (
            <ol className={listStyles.stack}>
              {replies.map((reply) => (
                <li
                  key={reply._id}
                  className={`${styles.reply} ${reply.author.admin ? styles.fromAdmin : styles.fromMe}`}
                >
                  <p className={styles.author}>
                    <strong>{reply.author.admin ? t.admin : t.you}</strong> ·{' '}
                    <time dateTime={reply.createdAt}>{when(reply.createdAt)}</time>
                  </p>
                  <p className={styles.message}>{reply.message}</p>
                </li>
              ))}
            </ol>
          )}
        </QueryState>
        <ShowMore query={thread} steady />
      </section>

      <ReplyForm ticket={ticket} />
    </>
  );
}

function ReplyForm({ ticket }: { ticket: MyTicket }) {
  const toast = useToast();
  const reply = useReplyToMyTicket(ticket._id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MemberReplyInput>({ resolver: zodResolver(memberReplyBody), defaultValues: { message: '' } });
  const busy = isSubmitting || reply.isPending;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const response = await reply.mutateAsync(body);
      toast.success(response.message ?? notice.sentSuccessfully);
      reset({ message: '' });
    } catch (error) {
      applyServerErrors(error, setError, ['message']);
      toast.error(errorMessage(error));
    }
  });

  return (
    <form className={`form panel ${styles.form}`} noValidate onSubmit={onSubmit}>
      {ticket.status === 'resolved' && <p className={styles.hint}>{t.reopenHint}</p>}
      <Field label={t.yourReply} error={errors.message?.message}>
        <textarea rows={4} maxLength={memberTicketLimits.messageMax} {...register('message')} />
      </Field>
      <div>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? t.sending : t.send}
        </button>
      </div>
    </form>
  );
}
