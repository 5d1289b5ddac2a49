// /ticketdetail?id=…: the ticket with its member, the reply thread in order (the
// member by name, admins as 'Admin'), a reply form and Resolve (after a question naming the ticket
// and its member). A reply to a resolved ticket opens
// it again (the server decides; the form says so). A link without a valid id, or to a ticket
// that does not exist, says so and leads back to /tickets.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminSupportText as t, text } from '../../../../contract/messages.js';
import { routes } from '../../../../contract/paths.js';
import { supportLimits, ticketReplyBody, type TicketDetail, type TicketReply } from '../../../../contract/support.js';
import { ApiError } from '../../../lib/api.js';
import { shortDateTime as when } from '../../../lib/dates.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { Field } from '../../../ui/Field.js';
import pageHead from '../../../ui/pageHead.module.css';
import { QueryState, ShowMore } from '../../../ui/states.js';
import { useToast } from '../../../ui/toast.js';
import { useReplyToTicket, useResolveTicket, useTicket, useTicketReplies } from './api.js';
import styles from './support.module.css';
import { useMessageForm } from './useMessageForm.js';
import { TicketStatusBadge } from './TicketStatusBadge.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function TicketDetailPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = raw && uuid.test(raw) ? raw : null;
  const ticket = useTicket(id);

  const problem = !id
    ? t.ticketLinkInvalid
    : ticket.error instanceof ApiError && ticket.error.status === 404
      ? t.ticketNotFound
      : null;
  const body = problem ? (
    <Problem message={problem} />
  ) : (
    <QueryState query={ticket}>{(data) => <Ticket ticket={data} />}</QueryState>
  );

  return (
    <section className={styles.detail} aria-labelledby="ticket-title">
      <title>{`${t.ticketTitle} · ${text.brand}`}</title>
      <div className={pageHead.head}>
        <h2 id="ticket-title" className={pageHead.title}>
          {t.ticketTitle}
        </h2>
        <Link to={routes.tickets} className={`btn btn-outline ${styles.back}`}>
          {t.backToTickets}
        </Link>
      </div>
      {body}
    </section>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <div className={`${styles.card} ${styles.problem}`} role="alert">
      <p className={styles.body}>{message}</p>
      <Link to={routes.tickets}>{t.backToTickets}</Link>
    </div>
  );
}

function Ticket({ ticket }: { ticket: TicketDetail }) {
  return (
    <>
      <article className={styles.card} aria-labelledby="ticket-subject">
        <div className={pageHead.head}>
          <h3 id="ticket-subject" className={styles.subject}>
            {ticket.subject}
          </h3>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <dl className={styles.facts}>
          <dt>{t.from}</dt>
          <dd>
            <Link to={`${routes.userDetail}?id=${ticket.user._id}`}>{ticket.user.name}</Link>
            {ticket.user.email && <> · {ticket.user.email}</>}
          </dd>
          <dt>{t.created}</dt>
          <dd>
            <time dateTime={ticket.createdAt}>{when(ticket.createdAt)}</time>
          </dd>
        </dl>
        <p className={styles.body}>{ticket.message}</p>
      </article>
      <Thread ticketId={ticket._id} />
      <ReplyForm ticket={ticket} />
    </>
  );
}

function Thread({ ticketId }: { ticketId: string }) {
  const replies = useTicketReplies(ticketId);
  return (
    <section aria-labelledby="ticket-replies">
      <h3 id="ticket-replies" className={styles.sectionTitle}>
        {t.replies}
      </h3>
      <QueryState query={replies} keepData empty={<p className="muted">{t.noReplies}</p>}>
        {(thread) => (
          <>
            <ol className={styles.thread}>
              {thread.map((reply) => (
                <ReplyItem key={reply._id} reply={reply} />
              ))}
            </ol>
            <ShowMore query={replies} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function ReplyItem({ reply }: { reply: TicketReply }) {
  return (
    <li className={reply.author.admin ? `${styles.reply} ${styles.replyAdmin}` : styles.reply}>
      <p className={styles.replyMeta}>
        <span className={styles.replyAuthor}>{reply.author.admin ? t.admin : reply.author.name}</span>
        <time className={styles.replyTime} dateTime={reply.createdAt}>
          {when(reply.createdAt)}
        </time>
      </p>
      <p className={styles.replyText}>{reply.message}</p>
    </li>
  );
}

function ReplyForm({ ticket }: { ticket: TicketDetail }) {
  const toast = useToast();
  const reply = useReplyToTicket(ticket._id);
  const resolve = useResolveTicket(ticket._id);
  const { field, error, onSubmit } = useMessageForm(ticketReplyBody, reply.mutateAsync);
  const resolved = ticket.status === 'resolved';
  const [asking, setAsking] = useState(false);

  const onResolve = () => {
    setAsking(false);
    resolve.mutate(undefined, {
      onSuccess: () => toast.success(t.ticketResolved),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <form className={`${styles.card} ${styles.replyForm}`} noValidate onSubmit={onSubmit}>
      <Field label={t.yourReply} error={error} hint={resolved ? t.reopenHint : undefined}>
        <textarea rows={5} maxLength={supportLimits.replyMax} {...field} />
      </Field>
      <div className={styles.formActions}>
        <button type="submit" className="btn" disabled={reply.isPending}>
          {reply.isPending ? t.sending : t.send}
        </button>
        {!resolved && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => setAsking(true)}
            disabled={resolve.isPending}
          >
            {resolve.isPending ? t.resolving : t.resolve}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={t.resolveTitle(ticket.subject)}
        message={t.resolveQuestion(ticket.user.name)}
        confirmLabel={t.resolve}
        dismissLabel={t.keepOpen}
        danger={false}
        busy={resolve.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={onResolve}
      />
    </form>
  );
}
