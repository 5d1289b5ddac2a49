// A time of day picked from a list written as every time is (`9:00 AM`), in steps of a quarter of
// an hour: a native time input shows the browser's own format (`16:00` next to `9:00 AM`).
import { clockTime } from '../lib/dates.js';
import { hhmmOf } from '../../contract/portal.js';

interface TimeSelectProps {
  id?: string;
  value: string;
  onChange(value: string): void;
  /** `24:00` is offered last, for an end at midnight. */
  endOfDay?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

const quarters = Array.from({ length: 96 }, (_, i) => hhmmOf(i * 15));

export function TimeSelect({ value, onChange, endOfDay, ...attributes }: TimeSelectProps) {
  const times = endOfDay ? [...quarters.slice(1), '24:00'] : quarters;
  // A time saved off the quarter-hour still shows as itself.
  const options = times.includes(value) || !value ? times : [...times, value].sort();
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} {...attributes}>
      {options.map((time) => (
        <option key={time} value={time}>
          {clockTime(time)}
        </option>
      ))}
    </select>
  );
}
