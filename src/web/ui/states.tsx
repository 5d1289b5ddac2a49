// Loading, empty and error states every list shows the same way, and QueryState, which picks
// the one a query is in.
import type { ReactNode } from 'react';
import { text } from '../../contract/messages.js';
import { errorMessage } from '../lib/form-errors.js';

export function Loading({ label = text.loading }: { label?: string }) {
  return (
    <p className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

export function Empty({ children = text.empty }: { children?: React.ReactNode }) {
  return <p className="state">{children}</p>;
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          {text.tryAgain}
        </button>
      )}
    </div>
  );
}

/**
 * 'Show more' under a list read a page at a time, while there is more; `steady` keeps its words
 * while the next page loads, `showError` says so above it when loading the next page failed.
 */
export function ShowMore({
  query,
  className,
  steady = false,
  showError = false,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => unknown;
  };
  /** A page's own class besides the outline button's. */
  className?: string;
  steady?: boolean;
  showError?: boolean;
}) {
  return (
    <>
      {showError && query.isFetchNextPageError && <ErrorState error={query.error} />}
      {query.hasNextPage && (
        <button
          type="button"
          className={className ? `btn btn-outline ${className}` : 'btn btn-outline'}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage && !steady ? text.loading : text.showMore}
        </button>
      )}
    </>
  );
}

/** What QueryState reads of a TanStack query (a plain or an infinite one). */
interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** What shows when the data holds nothing (see isEmpty); without it, children show empty data too. */
  empty?: ReactNode;
  /** Whether the data holds nothing; by default, an empty array. */
  isEmpty?: (data: T) => boolean;
  /**
   * Lists that load more (or page) keep what is already shown when a later fetch fails: the error
   * takes the place of the list only when there is nothing to show.
   */
  keepData?: boolean;
  /** False where asking again will not help: the error offers no Try again. */
  retry?: boolean;
  children: (data: T) => ReactNode;
}

/** Loading, then the error (with Try again), the empty state or the data, whichever the query is in. */
export function QueryState<T>({
  query,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  keepData = false,
  retry = true,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <Loading />;
  const data = query.data;
  const nothing = data === undefined || isEmpty(data);
  if (query.isError && (!keepData || nothing)) {
    return <ErrorState error={query.error} onRetry={retry ? () => void query.refetch() : undefined} />;
  }
  if (nothing && empty !== undefined) return <>{empty}</>;
  return <>{children(data as T)}</>;
}
