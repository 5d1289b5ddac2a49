// A paged list of bookings with 'Show more' (DESIGN.md §2: every list is paginated).
import type { ReactNode } from 'react';
import type { BookingItem } from '../../../contract/bookings.js';
import { text } from '../../../contract/messages.js';
import type { useBookingList } from './api.js';
import styles from './bookings.module.css';

export function BookingList({
  query,
  empty,
  renderItem,
}: {
  query: ReturnType<typeof useBookingList>;
  empty: ReactNode;
  renderItem(booking: BookingItem): ReactNode;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className={styles.list} role="list">
        {items.map((booking) => (
          <li key={booking._id}>{renderItem(booking)}</li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className={styles.more}>
          <button type="button" className="btn btn-outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? text.loading : text.showMore}
          </button>
        </div>
      )}
    </>
  );
}
