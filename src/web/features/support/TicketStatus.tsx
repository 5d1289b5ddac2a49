// A ticket's status in the back-office's words: pending is In Progress, resolved is Resolved.
import { memberTicketText as t } from '../../../contract/messages.js';
import type { TicketStatus as Status } from '../../../contract/support.js';
import styles from './tickets.module.css';

export function TicketStatus({ status }: { status: Status }) {
  return (
    <span className={`${styles.status} ${status === 'resolved' ? styles.resolved : styles.inProgress}`}>
      {t.statuses[status]}
    </span>
  );
}
