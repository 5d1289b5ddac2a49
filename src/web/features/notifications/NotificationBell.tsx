// The header's bell: a link to /Notifications that shows (and names, for screen readers) how many
// notifications are unread. The count refreshes when a live notification arrives.
import { Link } from 'react-router';
import { chatText } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useMemberSession } from '../../lib/session.js';
import { Icon } from '../../ui/Icon.js';
import { useUnreadCount } from './api.js';
import styles from './notifications.module.css';

/** The number in a badge; hidden from screen readers, which get the count in words instead. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true" data-testid="unread-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The signed-in member's unread notification count. */
export function useMemberUnreadCount(): number {
  return useUnreadCount(useMemberSession()?.user._id);
}

export function NotificationBell() {
  const count = useMemberUnreadCount();
  return (
    <Link
      to={routes.notifications}
      className={styles.bell}
      aria-label={chatText.unreadCount(count)}
      title={chatText.notificationsHeading}
    >
      <Icon
        size={22}
        path="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
      <UnreadBadge count={count} />
    </Link>
  );
}
