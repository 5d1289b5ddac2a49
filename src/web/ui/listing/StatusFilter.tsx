// A list's status filter: a select next to the heading, kept in the URL (`?status=`) so reload,
// back and shared links keep it; choosing one goes back to the first page.
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import styles from './listing.module.css';

/** The status the URL names, if it is one of `statuses`, and a setter for the select. */
export function useStatusParam<S extends string>(statuses: readonly S[]): [S | null, (value: string) => void] {
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

export function StatusFilter<S extends string>({
  label,
  allLabel,
  statuses,
  labels,
  value,
  onChange,
}: StatusFilterProps<S>) {
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
