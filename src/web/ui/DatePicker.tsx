// A day picked from a month written out (`December 2026`) rather than typed: a button showing
// the day chosen (`Tue, Dec 1, 2026`) opens the month's grid below it, with the previous and next
// months a press away. Nothing is typed, so no order of day and month can be misread and no
// half-typed date reaches the server. The keyboard works as in a calendar grid: arrows move a
// day or a week, Home/End to the week's ends, Page Up/Down a month, Enter picks, Escape closes
// (the grid, not a dialog around it). Days before `min` or after `max` show but cannot be picked.
// It takes a Field's id and aria attributes; the button is named by the label (`<id>-label`) and
// the day it shows.
import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { shiftDay } from '../../contract/format.js';
import { datePickerText as t } from '../../contract/messages.js';
import { dayName, fullDayName, monthName } from '../lib/dates.js';
import styles from './DatePicker.module.css';
import { useDismiss } from './useDismiss.js';

export interface DatePickerProps {
  /** The button (a form library focuses it when the day is missing). */
  ref?: Ref<HTMLButtonElement>;
  id?: string;
  /** The day chosen, `YYYY-MM-DD`, or '' before one is. */
  value: string;
  onChange(day: string): void;
  /** The field's label, which also names the grid. */
  label: string;
  min?: string;
  max?: string;
  /** The day may be left out: the grid offers Clear. */
  optional?: boolean;
  autoFocus?: boolean;
  name?: string;
  onBlur?(): void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** `2026-12` → the `YYYY-MM-DD` days of its grid: whole weeks, Sunday first. */
function monthGrid(month: string): string[] {
  const first = `${month}-01`;
  const start = shiftDay(first, -new Date(`${first}T12:00:00Z`).getUTCDay());
  const weeks: string[] = [];
  for (let day = start; day.slice(0, 7) <= month || weeks.length % 7 !== 0; day = shiftDay(day, 1)) weeks.push(day);
  return weeks;
}

const shiftMonth = (month: string, by: number) => {
  const d = new Date(`${month}-15T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
};

/** The same day of the month `by` months away, kept within that month (Jan 31 → Feb 28). */
function sameDayIn(day: string, by: number): string {
  const month = shiftMonth(day.slice(0, 7), by);
  const last = shiftDay(`${shiftMonth(month, 1)}-01`, -1);
  const wanted = `${month}-${day.slice(8)}`;
  return wanted > last ? last : wanted;
}

const todayIso = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export function DatePicker({
  ref,
  id,
  value,
  onChange,
  label,
  min,
  max,
  optional,
  autoFocus,
  name,
  onBlur,
  ...aria
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const today = todayIso();
  const clamp = (day: string) => (min && day < min ? min : max && day > max ? max : day);
  // The day that holds the keyboard focus in the grid, and so the month shown.
  const [active, setActive] = useState(() => clamp(value || today));
  const button = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLDivElement>(null);
  const focusDay = useRef(false);
  const month = active.slice(0, 7);
  const gridId = `${id ?? name}-grid`;
  const headingId = `${gridId}-month`;
  const allowed = (day: string) => !(min && day < min) && !(max && day > max);

  useEffect(() => {
    if (!focusDay.current) return;
    focusDay.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${active}"]`)?.focus();
  }, [active, open]);

  const show = () => {
    setActive(clamp(value || today));
    focusDay.current = true;
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  // A press outside closes the grid where it is; Escape is handled below, to spare a dialog.
  useDismiss(picker, open, () => setOpen(false));
  const pick = (day: string) => {
    onChange(day);
    onBlur?.();
    close();
  };
  const move = (day: string) => {
    focusDay.current = true;
    setActive(clamp(day));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const weekday = new Date(`${active}T12:00:00Z`).getUTCDay();
    const moves: Record<string, () => string> = {
      ArrowLeft: () => shiftDay(active, -1),
      ArrowRight: () => shiftDay(active, 1),
      ArrowUp: () => shiftDay(active, -7),
      ArrowDown: () => shiftDay(active, 7),
      Home: () => shiftDay(active, -weekday),
      End: () => shiftDay(active, 6 - weekday),
      PageUp: () => sameDayIn(active, -1),
      PageDown: () => sameDayIn(active, 1),
    };
    const to = moves[event.key];
    if (to) {
      event.preventDefault();
      move(to());
    } else if (event.key === 'Escape') {
      // Close the grid, not the dialog it may sit in.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  // Min and max are in the months the arrows allow, so the day clamped stays in the month shown.
  const stepMonth = (by: number) => setActive(clamp(sameDayIn(active, by)));
  const firstMonth = min?.slice(0, 7);
  const lastMonth = max?.slice(0, 7);
  const days = monthGrid(month);

  return (
    <div ref={picker} className={styles.picker}>
      <button
        ref={(node) => {
          button.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        id={id}
        name={name}
        type="button"
        className={styles.toggle}
        aria-labelledby={id ? `${id}-label ${id}-value` : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? gridId : undefined}
        autoFocus={autoFocus}
        onClick={() => (open ? close() : show())}
        {...aria}
      >
        <span id={id ? `${id}-value` : undefined} className={value ? undefined : styles.placeholder}>
          {value ? dayName(value) : t.chooseDay}
        </span>
        <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M6 2v2H4a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5a1 1 0 0 0-1-1h-2V2h-2v2H8V2H6Zm-1 6h10v8H5V8Z" />
        </svg>
      </button>
      {open && (
        <div
          ref={grid}
          id={gridId}
          className={styles.panel}
          role="dialog"
          aria-label={t.calendar(label)}
          onKeyDown={(e) => e.key === 'Escape' && onKeyDown(e)}
        >
          <div className={styles.head}>
            <button
              type="button"
              className={styles.step}
              aria-label={t.previousMonth}
              disabled={Boolean(firstMonth && month <= firstMonth)}
              onClick={() => stepMonth(-1)}
            >
              ‹
            </button>
            <div id={headingId} className={styles.month} aria-live="polite">
              {monthName(month)}
            </div>
            <button
              type="button"
              className={styles.step}
              aria-label={t.nextMonth}
              disabled={Boolean(lastMonth && month >= lastMonth)}
              onClick={() => stepMonth(1)}
            >
              ›
            </button>
          </div>
          <table className={styles.grid} aria-labelledby={headingId} onKeyDown={onKeyDown}>
            <thead>
              <tr>
                {t.weekdays.map((short, i) => (
                  <th key={short} scope="col" abbr={t.weekdayNames[i]}>
                    {short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: days.length / 7 }, (_, week) => (
                <tr key={days[week * 7]}>
                  {days.slice(week * 7, week * 7 + 7).map((day) => (
                    <td key={day}>
                      {day.slice(0, 7) === month && (
                        <button
                          type="button"
                          data-day={day}
                          className={styles.day}
                          tabIndex={day === active ? 0 : -1}
                          aria-label={fullDayName(day)}
                          aria-pressed={day === value}
                          aria-current={day === today ? 'date' : undefined}
                          aria-disabled={allowed(day) ? undefined : true}
                          onClick={() => allowed(day) && pick(day)}
                          onFocus={() => day !== active && setActive(day)}
                        >
                          {Number(day.slice(8))}
                        </button>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {optional && value && (
            <button type="button" className={`btn btn-outline ${styles.clear}`} onClick={() => pick('')}>
              {t.clear}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
