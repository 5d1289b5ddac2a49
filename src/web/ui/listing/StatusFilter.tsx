// A list's status filter: a select next to the heading, kept in the URL (`?status=`, or the list's
// own key where a page shows two filtered lists) so reload, back and shared links keep it; choosing
// one goes back to the list's first page. `useStatusFilter` is what a list uses: the chosen status,
// the select, and the query to send with the list.
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { readStatusParam, writeStatusParam } from './listParams.js';
import styles from './listing.module.css';

/** The status the URL names under `param`, if it is one of `statuses`, and a setter for the select. */
function useStatusParam<S extends string>(
  statuses: readonly S[],
  param: string,
  pageParam: string | null,
): [S | null, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = readStatusParam(searchParams, statuses, param);
  const onStatus = (value: string) => setSearchParams((current) => writeStatusParam(current, value, param, pageParam));
  return [status, onStatus];
}

interface StatusFilterProps<S extends string> {
  label: string;
  /** The option that shows every status. */
  allLabel: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  value: S | null;
  onChange(value: string): void;
}

function StatusFilter<S extends string>({ label, allLabel, statuses, labels, value, onChange }: StatusFilterProps<S>) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </select>
    </div>
  );
}

interface StatusFilterOptions<S extends string> {
  label: string;
  /** The option that shows every status. */
  allLabel: string;
  labels: Record<S, string>;
  /** False where the list is shown whole (a provider's own, inside its detail page). */
  enabled?: boolean;
  /** The URL key of the status: 'status', or the list's own where a page shows two filtered lists. */
  param?: string;
  /** The URL key of the list's page, removed when a status is chosen; null where the page is not in the URL. */
  pageParam?: string | null;
}

/**
 * The list's status filter: the status chosen in the URL (null for all), the select to put next to
 * the heading (null when not enabled), and the query the list and its export send.
 */
export function useStatusFilter<S extends string>(
  statuses: readonly S[],
  { label, allLabel, labels, enabled = true, param = 'status', pageParam = 'page' }: StatusFilterOptions<S>,
): { status: S | null; filter: ReactNode; query: Record<string, string> } {
  const [chosen, onChange] = useStatusParam(statuses, param, pageParam);
  const status = enabled ? chosen : null;
  return {
    status,
    filter: enabled ? (
      <StatusFilter
        label={label}
        allLabel={allLabel}
        statuses={statuses}
        labels={labels}
        value={status}
        onChange={onChange}
      />
    ) : null,
    query: status ? { status } : {},
  };
}
