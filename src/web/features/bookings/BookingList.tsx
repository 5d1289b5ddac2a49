// A paged list of bookings with 'Show more' (every list is paginated), its loading
// and error states, and an empty state that leads to finding a service.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookingItem } from '../../../contract/bookings.js';
import { bookingText, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { ErrorState, Loading } from '../../ui/states.js';
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
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{empty}</p>
        <Link className="btn" to={routes.homeNew}>
          {bookingText.findService}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.list} role="list">
        {items.map((booking) => (
          <li key={booking._id}>{renderItem(booking)}</li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className={styles.more}>
          <button
            type="button"
            className="btn btn-outline"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? text.loading : text.showMore}
          </button>
        </div>
      )}
    </>
  );
}
