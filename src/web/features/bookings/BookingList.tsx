// A paged list of bookings with 'Show more' (every list is paginated), its loading
// and error states, and an empty state that leads to finding a service.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookingItem } from '../../../contract/bookings.js';
import { bookingText } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { QueryState, ShowMore } from '../../ui/states.js';
import type { useBookingList } from './api.js';
import styles from './bookings.module.css';

export function BookingList({
  query,
  empty,
  renderItem,
}: {
  query: ReturnType<typeof useBookingList>;
  /** What to say when there is nothing to list. */
  empty: string;
  renderItem(booking: BookingItem): ReactNode;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <QueryState
      query={query}
      isEmpty={() => items.length === 0}
      empty={
        <div className={styles.empty}>
          <p>{empty}</p>
          <Link className="btn" to={routes.homeNew}>
            {bookingText.findService}
          </Link>
        </div>
      }
    >
      {() => (
        <>
          <ul className={styles.list} role="list">
            {items.map((booking) => (
              <li key={booking._id}>{renderItem(booking)}</li>
            ))}
          </ul>
          {query.hasNextPage && (
            <div className={styles.more}>
              <ShowMore query={query} />
            </div>
          )}
        </>
      )}
    </QueryState>
  );
}
