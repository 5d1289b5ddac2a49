// A ticket's state as the back-office names it: pending is 'In Progress', resolved is 'Resolved'.
import { adminSupportText as t } from '../../../../contract/messages.js';
import type { TicketStatus } from '../../../../contract/support.js';
import styles from './support.module.css';

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <span className={`${styles.badge} ${styles[status]}`}>{t.ticketStatus[status]}</span>;
}
