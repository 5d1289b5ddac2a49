// /Notifications: the member's notifications and Doorstep's broadcasts, newest first, a page at a
// time. Unread ones carry an 'Unread' tag and a bar (not colour alone); new ones arrive live. A
// message links to its conversation; an expired request to booking the same provider again.
import { useEffect } from 'react';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { NotificationItem } from '../../../contract/notifications.js';
import { bookingText, chatText, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useSignedInMember } from '../../lib/session.js';
import { shortDate } from '../../lib/dates.js';
import { providerPath } from '../providers/index.js';
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
  const fromUser = typeof item.data?.fromUser === 'string' ? item.data.fromUser : null;
  const rebook = rebookLink(item);
  return (
    <li className={`${styles.item} ${item.read ? '' : styles.unread}`}>
      <p className={styles.text}>{item.message}</p>
      <div className={styles.meta}>
        {!item.read && <span className={styles.tag}>{chatText.unread}</span>}
        {item.broadcast && <span className={`${styles.tag} ${styles.tagQuiet}`}>{chatText.fromDoorstep}</span>}
        <time dateTime={item.createdAt}>
          {shortDate(item.createdAt)}, {dayjs(item.createdAt).format('h:mm A')}
        </time>
        {item.kind === 'message' && fromUser && (
          <Link to={`${routes.messages}?with=${encodeURIComponent(fromUser)}`}>{chatText.openConversation}</Link>
        )}
        {rebook && <Link to={rebook}>{bookingText.bookAnotherTime}</Link>}
      </div>
    </li>
  );
}

/** An expired request's notice carries its provider (and service): where to book another time. */
function rebookLink(item: NotificationItem): string | null {
  const data = item.data;
  if (item.kind !== 'booking' || data?.status !== 'expired' || typeof data.providerId !== 'string') return null;
  return providerPath(data.providerId, typeof data.serviceId === 'string' ? data.serviceId : null);
}
