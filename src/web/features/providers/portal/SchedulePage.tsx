// /provider/schedule: weekly working hours (one interval per open weekday), slot length, travel
// buffer between jobs, and days off. Checked with the contract's schema before sending; the
// server checks the same again.
import { useEffect, useState } from 'react';
import { providerPortalText as t, text } from '../../../../contract/messages.js';
import { portalLimits, scheduleBody, type Schedule } from '../../../../contract/portal.js';
import { Field } from '../../../ui/Field.js';
import { QueryState } from '../../../ui/states.js';
import { DatePicker } from '../../../ui/DatePicker.js';
import { TimeSelect } from '../../../ui/TimeSelect.js';
import { useToast } from '../../../ui/toast.js';
import { useAddDayOff, useRemoveDayOff, useSaveSchedule, useSchedule } from './api.js';
import { dayMonthYear, isoDay } from '../../../lib/dates.js';
import styles from './portal.module.css';
import { SaveActions } from './SaveActions.js';
import { errorMessage } from '../../../lib/form-errors.js';

interface DayRow {
  open: boolean;
  start: string;
  end: string;
}

const weekOf = (schedule: Schedule): DayRow[] =>
  t.weekdays.map((_, weekday) => {
    const hours = schedule.hours.find((h) => h.weekday === weekday);
    // Before any hours are saved the provider works the default day: show it so.
    if (schedule.defaultHours) return { open: true, start: '09:00', end: '18:00' };
    return hours ? { open: true, start: hours.start, end: hours.end } : { open: false, start: '09:00', end: '17:00' };
  });

export default function SchedulePage() {
  const schedule = useSchedule();
  return <QueryState query={schedule}>{(data) => <ScheduleForms schedule={data} />}</QueryState>;
}

function ScheduleForms({ schedule }: { schedule: Schedule }) {
  const toast = useToast();
  const save = useSaveSchedule();
  const addDay = useAddDayOff();
  const removeDay = useRemoveDayOff();
  const [week, setWeek] = useState<DayRow[]>(() => weekOf(schedule));
  const [slotMinutes, setSlotMinutes] = useState(String(schedule.slotMinutes));
  const [bufferMinutes, setBufferMinutes] = useState(String(schedule.bufferMinutes));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [day, setDay] = useState('');
  const [dayError, setDayError] = useState<string>();

  useEffect(() => setWeek(weekOf(schedule)), [schedule]);

  const change = (weekday: number, patch: Partial<DayRow>) =>
    setWeek((rows) => rows.map((row, i) => (i === weekday ? { ...row, ...patch } : row)));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = {
      hours: week.flatMap((row, weekday) => (row.open ? [{ weekday, start: row.start, end: row.end }] : [])),
      slotMinutes,
      bufferMinutes,
    };
    const parsed = scheduleBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [first, index] = issue.path;
        const key =
          first === 'hours' && typeof index === 'number' ? `day${body.hours[index]?.weekday}` : String(first ?? '_');
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const response = await save.mutateAsync(parsed.data);
      toast.success(response.message ?? t.saved);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (!day) return setDayError(t.dayRequired);
    setDayError(undefined);
    try {
      const response = await addDay.mutateAsync(day);
      toast.success(response.message ?? t.dayOffAdded);
      setDay('');
    } catch (error) {
      setDayError(errorMessage(error));
    }
  }

  async function remove(value: string) {
    try {
      const response = await removeDay.mutateAsync(value);
      toast.success(response.message ?? t.dayOffRemoved);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <div>
      <title>{`${t.scheduleHeading} · ${text.brand}`}</title>
      <h1>{t.scheduleHeading}</h1>
      <div className={styles.sections}>
        <form className={`panel form`} noValidate onSubmit={(e) => void submit(e)} aria-labelledby="hours-heading">
          <h2 id="hours-heading">{t.weeklyHours}</h2>
          {schedule.defaultHours && <p className="muted">{t.defaultHoursNote}</p>}
          {schedule.timeZone && <p className="muted">{t.timeZoneNote(schedule.timeZone)}</p>}
          <div className={styles.week} role="group" aria-labelledby="hours-heading">
            {week.map((row, weekday) => {
              const name = t.weekdays[weekday] ?? '';
              const error = errors[`day${weekday}`];
              return (
                <div key={name}>
                  <div className={styles.day}>
                    <label className={styles.dayName}>
                      <input
                        type="checkbox"
                        checked={row.open}
                        onChange={(e) => change(weekday, { open: e.target.checked })}
                      />
                      {name}
                    </label>
                    {row.open ? (
                      <>
                        {(['start', 'end'] as const).map((edge) => (
                          <TimeSelect
                            key={edge}
                            aria-label={`${name} ${t[edge]}`}
                            value={row[edge]}
                            endOfDay={edge === 'end'}
                            aria-invalid={error ? true : undefined}
                            onChange={(time) => change(weekday, { [edge]: time })}
                          />
                        ))}
                      </>
                    ) : (
                      <span className="muted">{t.closed}</span>
                    )}
                  </div>
                  {error && (
                    <small className="field-error" role="alert">
                      {error}
                    </small>
                  )}
                </div>
              );
            })}
          </div>
          {errors.hours && (
            <small className="field-error" role="alert">
              {errors.hours}
            </small>
          )}
          <div className={styles.row}>
            <MinutesField
              label={t.slotLength}
              error={errors.slotMinutes}
              range={portalLimits.slotMinutes}
              step={15}
              value={slotMinutes}
              onChange={setSlotMinutes}
            />
            <MinutesField
              label={t.buffer}
              error={errors.bufferMinutes}
              range={portalLimits.bufferMinutes}
              step={5}
              value={bufferMinutes}
              onChange={setBufferMinutes}
            />
          </div>
          <SaveActions busy={save.isPending} />
        </form>

        <section className="panel" aria-labelledby="daysoff-heading">
          <h2 id="daysoff-heading">{t.daysOff}</h2>
          <form className={styles.addDay} noValidate onSubmit={(e) => void add(e)}>
            <Field label={t.dayOff} error={dayError}>
              <DatePicker label={t.dayOff} min={isoDay(new Date())} value={day} onChange={setDay} />
            </Field>
            <button type="submit" className="btn" disabled={addDay.isPending}>
              {t.addDayOff}
            </button>
          </form>
          {schedule.daysOff.length === 0 ? (
            <p className="muted">{t.noDaysOff}</p>
          ) : (
            <ul className={styles.dayList}>
              {schedule.daysOff.map((value) => (
                <li key={value}>
                  <span>{dayMonthYear(value)}</span>
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-label={`${t.remove} ${dayMonthYear(value)}`}
                    disabled={removeDay.isPending}
                    onClick={() => void remove(value)}
                  >
                    {t.remove}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

interface MinutesFieldProps {
  label: string;
  error?: string;
  range: { min: number; max: number };
  step: number;
  value: string;
  onChange(value: string): void;
}

/** A number of minutes (the slot length, the buffer). */
function MinutesField({ label, error, range, step, value, onChange }: MinutesFieldProps) {
  return (
    <Field label={label} error={error}>
      <input
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={step}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
