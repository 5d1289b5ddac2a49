// A list's status filter: a select next to the heading, kept in the URL (`?status=`) so reload,
// back and shared links keep it; choosing one goes back to the first page. `useStatusFilter` is
// what a list uses: the chosen status, the select, and the query to send with the list.
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import styles from './listing.module.css';

/** The status the URL names, if it is one of `statuses`, and a setter for the select. */
function useStatusParam<S extends string>(statuses: readonly S[]): [S | null, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const status = statuses.find((value) => value === raw) ?? null;
  const onStatus = (value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('status', value);
      else next.delete('status');
      next.delete('page');
      return next;
    });
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
}

/**
 * The list's status filter: the status chosen in the URL (null for all), the select to put next to
 * the heading (null when not enabled), and the query the list and its export send.
 */
export function useStatusFilter<S extends string>(
  statuses: readonly S[],
  { label, allLabel, labels, enabled = true }: StatusFilterOptions<S>,
): { status: S | null; filter: ReactNode; query: Record<string, string> } {
  const [chosen, onChange] = useStatusParam(statuses);
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
