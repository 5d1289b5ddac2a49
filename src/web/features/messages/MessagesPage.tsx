// /Messages_new: heading Messages; on the left the conversations (image, name, last
// message, date like 'Jun 1st 23', unread count), on the right the thread, oldest at the top, and
// a required input 'Type your message here.......' with Send. `?with=<userId>` opens (or starts)
// the conversation with that member; under the list, the providers the member booked or
// favourited and has not written to yet start one. New messages arrive through the live stream.
// On a phone the list and the thread are two views.
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatPartner, Conversation } from '../../../contract/conversations.js';
import { messageLimits, messageText } from '../../../contract/conversations.js';
import { chatText, notice, text } from '../../../contract/messages.js';
import { conversationPath, routes } from '../../../contract/paths.js';
import { useSignedInMember } from '../../lib/session.js';
import { shortDateTime, timeOrDate } from '../../lib/dates.js';
import { LinkedText } from '../../ui/LinkedText.js';
import { Empty, ErrorState, Loading, QueryState, ShowMore } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { imageUrl } from '../../lib/images.js';
import { messageKeys, useContacts, useConversations, useSendMessage, useThread } from './api.js';
import styles from './messages.module.css';

export default function MessagesPage() {
  const member = useSignedInMember();
  const me = member.user._id;
  const [params] = useSearchParams();
  const partnerId = params.get('with');
  const conversations = useConversations(me);
  const selected = conversations.data?.find((c) => c.user._id === partnerId);

  useEffect(() => {
    document.title = `${text.messagesHeading} · ${text.brand}`;
  }, []);

  return (
    <section className={`container page ${styles.page}`} aria-labelledby="messages-heading">
      <h1 id="messages-heading">{text.messagesHeading}</h1>
      <div className={styles.layout} data-view={partnerId ? 'thread' : 'list'}>
        <nav className={styles.list} aria-labelledby="conversations-heading">
          <h2 id="conversations-heading" className={styles.listHeading}>
            {chatText.conversations}
          </h2>
          <QueryState query={conversations} empty={<Empty>{chatText.noConversations}</Empty>}>
            {(list) => (
              <ul className={styles.conversations}>
                {list.map((conversation) => (
                  <ConversationItem
                    key={conversation.user._id}
                    conversation={conversation}
                    selected={conversation.user._id === partnerId}
                  />
                ))}
              </ul>
            )}
          </QueryState>
          <ShowMore query={conversations} className={styles.more} steady />
          <Contacts me={me} partnerId={partnerId} />
        </nav>
        <div className={styles.pane}>
          {partnerId ? (
            <Thread key={partnerId} me={me} partnerId={partnerId} unread={selected?.unread ?? 0} />
          ) : (
            <p className={styles.placeholder}>{chatText.chooseConversation}</p>
          )}
        </div>
      </div>
    </section>
  );
}

function ConversationItem({ conversation, selected }: { conversation: Conversation; selected: boolean }) {
  const { user, unread } = conversation;
  return (
    <li>
      <Link
        to={conversationPath(user._id)}
        className={`${styles.conversation} ${unread > 0 ? styles.hasUnread : ''}`}
        aria-current={selected ? 'page' : undefined}
      >
        <Avatar user={user} />
        <span className={styles.summary}>
          <span className={styles.row}>
            <span className={styles.name}>{user.name}</span>
            <time className={styles.date} dateTime={conversation.createdAt}>
              {timeOrDate(conversation.createdAt)}
            </time>
          </span>
          <span className={styles.row}>
            <span className={styles.last}>{conversation.message}</span>
            {unread > 0 && (
              <span className={styles.unread}>
                {unread}
                <span className="visually-hidden"> {chatText.unreadMessages}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** 'Start a conversation': shown only when there is someone to start one with. */
function Contacts({ me, partnerId }: { me: string; partnerId: string | null }) {
  const contacts = useContacts(me).data ?? [];
  if (contacts.length === 0) return null;
  return (
    <section aria-labelledby="contacts-heading">
      <h2 id="contacts-heading" className={styles.listHeading}>
        {chatText.startConversation}
      </h2>
      <ul className={styles.conversations}>
        {contacts.map((contact) => (
          <li key={contact._id}>
            <Link
              to={conversationPath(contact._id)}
              className={styles.conversation}
              aria-current={contact._id === partnerId ? 'page' : undefined}
            >
              <Avatar user={contact} />
              <span className={styles.name}>{contact.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Avatar({ user, large }: { user: Pick<ChatPartner, 'name' | 'image'>; large?: boolean }) {
  const src = imageUrl(user.image);
  const className = `${styles.avatar} ${large ? styles.avatarLarge : ''}`;
  if (src) return <img className={className} src={src} alt="" width={40} height={40} loading="lazy" />;
  const initials = user.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
  return (
    <span className={className} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}

function Thread({ me, partnerId, unread }: { me: string; partnerId: string; unread: number }) {
  const thread = useThread(me, partnerId);
  const send = useSendMessage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  /** Distance from the bottom kept while earlier messages load above. */
  const keepFromBottom = useRef<number | null>(null);
  const id = useId();

  const messages = thread.data?.messages ?? [];
  const partner = thread.data?.partner ?? null;
  const firstId = messages[0]?._id;
  const lastId = messages.at(-1)?._id;

  // The newest message in view: on opening, after sending, when one arrives.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && lastId) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  // 'Show earlier' adds above: the messages in view stay where they were.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
  }, [firstId]);

  // Reading the thread marked the partner's messages read: the list's count follows, and the
  // header's after every read (a message that arrives while the thread is open is read at once).
  useEffect(() => {
    if (!thread.isSuccess) return;
    void queryClient.invalidateQueries({ queryKey: messageKeys.unread(me) });
    if (unread > 0) void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(me) });
  }, [unread, thread.isSuccess, thread.dataUpdatedAt, queryClient, me]);

  const showEarlier = () => {
    const element = scroller.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    void thread.fetchNextPage();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = messageText.safeParse(draft);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? text.genericError);
      input.current?.focus();
      return;
    }
    const sent = draft;
    try {
      await send.mutateAsync({ toUser: partnerId, message: sent });
      toast.success(notice.sendSuccessfully);
      // Only the sent text goes: what the member typed while it was on its way stays.
      setDraft((current) => (current === sent ? '' : current));
    } catch (failure) {
      toast.error(`${notice.sendFailed}: ${(failure as Error).message}`);
    }
  }

  if (thread.isPending) return <Loading />;
  if (thread.isError) {
    return (
      <div className={styles.threadError}>
        <BackLink />
        <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />
      </div>
    );
  }

  const name = partner?.name ?? '';
  return (
    <section className={styles.thread} aria-labelledby={`${id}-partner`}>
      <header className={styles.threadHead}>
        <BackLink />
        {partner && <Avatar user={partner} large />}
        <h2 id={`${id}-partner`} className={styles.partner}>
          {name}
        </h2>
      </header>
      <div
        ref={scroller}
        className={styles.scroller}
        role="log"
        aria-label={`${text.messagesHeading}: ${name}`}
        tabIndex={0}
      >
        {thread.hasNextPage && (
          <button
            type="button"
            className={`btn btn-outline ${styles.earlier}`}
            onClick={showEarlier}
            disabled={thread.isFetchingNextPage}
          >
            {chatText.showEarlier}
          </button>
        )}
        {messages.length === 0 ? (
          <p className={styles.placeholder}>{chatText.noMessagesYet}</p>
        ) : (
          <ol className={styles.messages}>
            {messages.map((message) => {
              const mine = message.fromUser === me;
              return (
                <li key={message._id} className={`${styles.bubble} ${mine ? styles.mine : styles.theirs}`}>
                  <span className="visually-hidden">{mine ? chatText.you : name}: </span>
                  <p className={styles.body}>
                    <LinkedText text={message.message} />
                  </p>
                  <time className={styles.time} dateTime={message.createdAt}>
                    {shortDateTime(message.createdAt)}
                  </time>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <form className={styles.compose} noValidate onSubmit={submit}>
        <div className={styles.composeField}>
          <label htmlFor={`${id}-input`} className="visually-hidden">
            {chatText.dialogTitle}
          </label>
          <input
            ref={input}
            id={`${id}-input`}
            type="text"
            required
            autoComplete="off"
            maxLength={messageLimits.max}
            placeholder={chatText.pagePlaceholder}
            value={draft}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              if (error) setError(null);
            }}
          />
          {error && (
            <small id={`${id}-error`} className="field-error" role="alert">
              {error}
            </small>
          )}
        </div>
        <button type="submit" className="btn" disabled={send.isPending}>
          {chatText.send}
        </button>
      </form>
    </section>
  );
}

function BackLink() {
  return (
    <Link
      to={routes.messages}
      className={styles.back}
      aria-label={chatText.backToConversations}
      title={chatText.backToConversations}
    >
      <span aria-hidden="true">←</span>
    </Link>
  );
}
