// /Notifications: the member's notifications and Doorstep's broadcasts, newest first, a page at a
// time. Unread ones carry an 'Unread' tag and a bar (not colour alone); new ones arrive live. Each
// opens its subject: a booking's page, a message's conversation, a ticket, the wallet; an expired
// request also links to booking the same provider again. A notice's words come from its data,
// its days, times and money formatted as on every other page.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { noticeOf, noticeText, type NotificationItem } from '../../../contract/notifications.js';
import { bookingText, chatText, text } from '../../../contract/messages.js';
import { conversationPath, providerPath, routes } from '../../../contract/paths.js';
import { useSignedInMember } from '../../lib/session.js';
import { shortDateTime } from '../../lib/dates.js';
import listStyles from '../../ui/lists.module.css';
import { Empty, QueryState, ShowMore } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { useMarkAllRead, useNotifications } from './api.js';
import styles from './notifications.module.css';

export default function NotificationsPage() {
  const member = useSignedInMember();
  const list = useNotifications(member.user._id);
  const markAllRead = useMarkAllRead();
  const toast = useToast();
  const items = list.data ?? [];
  const unread = items.filter((n) => !n.read).length;

  useEffect(() => {
    document.title = `${chatText.notificationsHeading} · ${text.brand}`;
  }, []);

  const markRead = () =>
    markAllRead.mutate(undefined, {
      onError: (error) => toast.error(error.message),
    });

  return (
    <section className="container page" aria-labelledby="notifications-heading">
      <div className={styles.head}>
        <h1 id="notifications-heading">{chatText.notificationsHeading}</h1>
        <button
          type="button"
          className="btn btn-outline"
          onClick={markRead}
          disabled={unread === 0 || markAllRead.isPending}
        >
          {chatText.markAllRead}
        </button>
      </div>
      <QueryState query={list} empty={<Empty>{chatText.noNotifications}</Empty>}>
        {() => (
          <>
            <ul className={`${listStyles.stack} ${styles.list}`} aria-live="polite" aria-relevant="additions">
              {items.map((item) => (
                <NotificationRow key={item._id} item={item} />
              ))}
            </ul>
            <ShowMore query={list} className={styles.more} steady />
          </>
        )}
      </QueryState>
    </section>
  );
}

function NotificationRow({ item }: { item: NotificationItem }) {
  const subject = subjectLink(item);
  const rebook = rebookLink(item);
  return (
    <li className={`${styles.item} ${item.read ? '' : styles.unread}`}>
      <p className={styles.text}>{wordsOf(item)}</p>
      <div className={styles.meta}>
        {!item.read && <span className={styles.tag}>{chatText.unread}</span>}
        {item.broadcast && <span className={`${styles.tag} ${styles.tagQuiet}`}>{chatText.fromDoorstep}</span>}
        <time dateTime={item.createdAt}>{shortDateTime(item.createdAt)}</time>
        {subject && <Link to={subject.to}>{subject.label}</Link>}
        {rebook && <Link to={rebook}>{bookingText.bookAnotherTime}</Link>}
      </div>
    </li>
  );
}

/** A notice stored as data is worded and formatted here; a broadcast (or an older row) shows its text. */
function wordsOf(item: NotificationItem): string {
  const notice = noticeOf(item.data);
  return notice ? noticeText(notice) : item.message;
}

const idIn = (data: NotificationItem['data'], key: string) =>
  typeof data?.[key] === 'string' ? (data[key] as string) : null;

/** Where a notice's subject lives, from the ids it was stored with (none: a broadcast). */
function subjectLink(item: NotificationItem): { to: string; label: string } | null {
  const { data } = item;
  const fromUser = idIn(data, 'fromUser');
  const bookingId = idIn(data, 'bookingId');
  const ticketId = idIn(data, 'ticketId');
  if (item.kind === 'message' && fromUser) return { to: conversationPath(fromUser), label: chatText.openConversation };
  if (item.kind === 'booking' && bookingId)
    return { to: routes.booking.replace(':id', bookingId), label: chatText.openBooking };
  if (item.kind === 'ticket' && ticketId)
    return { to: routes.myTicket.replace(':id', ticketId), label: chatText.openTicket };
  if (item.kind === 'wallet') return { to: routes.wallet, label: chatText.openWallet };
  return null;
}

/** An expired request's notice carries its provider (and service): where to book another time. */
function rebookLink(item: NotificationItem): string | null {
  const data = item.data;
  if (item.kind !== 'booking' || data?.status !== 'expired' || typeof data.providerId !== 'string') return null;
  return providerPath(data.providerId, typeof data.serviceId === 'string' ? data.serviceId : null);
}
