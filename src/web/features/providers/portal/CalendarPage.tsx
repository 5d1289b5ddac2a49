// /provider/calendar: the provider's days as a week (on a phone, one day at a time) — working
// hours, days off, requested and accepted jobs with the travel buffer around them, and the times
// the provider blocked. "Block time" takes a range, or a whole day (a day off), out of the bookable
// slots at once. Each day is a headed list in time order, so a screen reader or a keyboard reads
// the same calendar the grid draws; a job opens its booking page, a block can be removed.
import { useState, useSyncExternalStore, type CSSProperties, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { providerPortalText as t, text } from '../../../../contract/messages.js';
import { shiftDay } from '../../../../contract/format.js';
import { fill, routes } from '../../../../contract/paths.js';
import {
  blockBody,
  dayOffBody,
  minutesOf,
  type CalendarDayPlan,
  type CalendarJob,
  type ProviderCalendar,
  type TimeBlock,
} from '../../../../contract/portal.js';
import { clockTime, dayName, isoDay } from '../../../lib/dates.js';
import { errorMessage } from '../../../lib/form-errors.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { DatePicker } from '../../../ui/DatePicker.js';
import { Field } from '../../../ui/Field.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { QueryState } from '../../../ui/states.js';
import { TimeSelect } from '../../../ui/TimeSelect.js';
import { useToast } from '../../../ui/toast.js';
import pills from '../../../ui/pills.module.css';
import { useAddBlock, useAddDayOff, useCalendar, useRemoveBlock } from './api.js';
import { calendarViews, daysShown, firstDay, gridSpan, placement, type CalendarView } from './calendar.js';
import styles from './calendar.module.css';

const range = (start: string, end: string) => `${clockTime(start)}–${clockTime(end === '24:00' ? '00:00' : end)}`;

/** A phone's width, where a week does not fit: the day view alone. */
const phone = '(max-width: 640px)';
function usePhone() {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(phone);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(phone).matches,
  );
}

export default function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const onPhone = usePhone();
  const view: CalendarView = onPhone || params.get('view') === 'day' ? 'day' : 'week';
  const asked = params.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : isoDay(new Date());
  const from = firstDay(date, view);
  const days = daysShown(view);
  const calendar = useCalendar(from, days);
  const [blocking, setBlocking] = useState(false);

  const go = (next: { view?: CalendarView; date?: string }) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next.view) search.set('view', next.view);
        if (next.date) search.set('date', next.date);
        return search;
      },
      { replace: true },
    );

  return (
    <div>
      <title>{`${t.calendarHeading} · ${text.brand}`}</title>
      <div className={styles.head}>
        <h1>{t.calendarHeading}</h1>
        <button type="button" className="btn" onClick={() => setBlocking(true)}>
          {t.blockTime}
        </button>
      </div>
      <div className={styles.toolbar}>
        <div className={styles.steps}>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => go({ date: shiftDay(date, -days) })}
            aria-label={t.previousDays(days)}
          >
            ←
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => go({ date: calendar.data?.today ?? isoDay(new Date()) })}
          >
            {t.today}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => go({ date: shiftDay(date, days) })}
            aria-label={t.nextDays(days)}
          >
            →
          </button>
        </div>
        {!onPhone && (
          <div className={`${pills.tabs} ${styles.views}`} role="group" aria-label={t.calendarView}>
            {calendarViews.map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={v === view}
                className={`${pills.tab} ${v === view ? pills.tabActive : ''}`}
                onClick={() => go({ view: v })}
              >
                {v === 'day' ? t.dayView : t.weekView}
              </button>
            ))}
          </div>
        )}
      </div>
      <QueryState query={calendar}>
        {(data) => <Grid calendar={data} view={view} onPickDay={(d) => go({ view: 'day', date: d })} />}
      </QueryState>
      {blocking && <BlockDialog day={date} onClose={() => setBlocking(false)} />}
    </div>
  );
}

function Grid({
  calendar,
  view,
  onPickDay,
}: {
  calendar: ProviderCalendar;
  view: CalendarView;
  onPickDay(date: string): void;
}) {
  const span = gridSpan(calendar.days, calendar.bufferMinutes);
  const hours = Array.from({ length: (span.end - span.start) / 60 }, (_, i) => span.start + i * 60);
  const style = { '--hours': hours.length, '--days': calendar.days.length } as CSSProperties;
  return (
    <>
      <p className="muted">
        {t.timeZoneNote(calendar.timeZone)} {calendar.bufferMinutes > 0 && t.bufferNote(calendar.bufferMinutes)}
      </p>
      <div className={`${styles.grid} ${view === 'week' ? styles.week : styles.day}`} style={style}>
        <ol className={styles.axis} aria-hidden="true">
          {hours.map((minute) => (
            <li key={minute}>{clockTime(`${String(minute / 60).padStart(2, '0')}:00`)}</li>
          ))}
        </ol>
        {calendar.days.map((day) => (
          <Day
            key={day.date}
            day={day}
            span={span}
            bufferMinutes={calendar.bufferMinutes}
            isToday={day.date === calendar.today}
            onPick={view === 'week' ? () => onPickDay(day.date) : undefined}
          />
        ))}
      </div>
    </>
  );
}

function Day({
  day,
  span,
  bufferMinutes,
  isToday,
  onPick,
}: {
  day: CalendarDayPlan;
  span: { start: number; end: number };
  bufferMinutes: number;
  isToday: boolean;
  onPick?: () => void;
}) {
  const headingId = `day-${day.date}`;
  const items = [
    ...day.jobs.map((job) => ({ kind: 'job' as const, start: job.start, job })),
    ...day.blocks.map((block) => ({ kind: 'block' as const, start: block.start, block })),
  ].sort((a, b) => a.start.localeCompare(b.start));
  const state = day.dayOff
    ? t.dayOff
    : day.hours.length
      ? t.workingHoursOf(day.hours.map((h) => range(h.start, h.end)).join(', '))
      : t.closedDay;

  return (
    <section className={`${styles.column} ${isToday ? styles.today : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.dayHead}>
        {onPick ? (
          <button type="button" className={styles.dayLink} onClick={onPick}>
            {dayName(day.date, false)}
          </button>
        ) : (
          dayName(day.date, false)
        )}
        {isToday && <span className={styles.todayTag}>{t.today}</span>}
      </h2>
      <p className={styles.dayState}>{state}</p>
      <div className={`${styles.track} ${day.dayOff ? styles.off : ''}`}>
        {day.hours.map((h) => (
          <div key={h.start} className={styles.open} style={placement(span, h.start, h.end)} aria-hidden="true" />
        ))}
        <ul className={styles.items}>
          {items.map((item) =>
            item.kind === 'job' ? (
              <JobItem key={item.job._id} job={item.job} span={span} bufferMinutes={bufferMinutes} />
            ) : (
              <BlockItem key={item.block._id} block={item.block} span={span} />
            ),
          )}
        </ul>
      </div>
    </section>
  );
}

function JobItem({
  job,
  span,
  bufferMinutes,
}: {
  job: CalendarJob;
  span: { start: number; end: number };
  bufferMinutes: number;
}) {
  const start = minutesOf(job.start);
  const end = minutesOf(job.end);
  // The item spans the job and its buffer on both sides; the job sits inside, the buffer shaded.
  const edge = `${((bufferMinutes / (end - start + 2 * bufferMinutes)) * 100).toFixed(3)}%`;
  return (
    <li className={styles.item} style={placement(span, start - bufferMinutes, end + bufferMinutes)}>
      {bufferMinutes > 0 && (
        <>
          <span className={styles.buffer} style={{ top: 0, height: edge }} aria-hidden="true" />
          <span className={styles.buffer} style={{ bottom: 0, height: edge }} aria-hidden="true" />
        </>
      )}
      <Link
        to={fill(routes.booking, { id: job._id })}
        className={`${styles.job} ${job.status === 'requested' ? styles.requested : styles.accepted}`}
        style={{ top: edge, bottom: edge }}
      >
        <span className={styles.time}>{range(job.start, job.end)}</span>{' '}
        <span className={styles.what}>
          {t.jobStatus[job.status]}: {job.service ? `${job.service}, ` : ''}
          {job.customer}
        </span>
      </Link>
    </li>
  );
}

function BlockItem({ block, span }: { block: TimeBlock; span: { start: number; end: number } }) {
  const toast = useToast();
  const remove = useRemoveBlock();
  const [asking, setAsking] = useState(false);
  const label = range(block.start, block.end);
  const confirm = async () => {
    try {
      const response = await remove.mutateAsync(block._id);
      toast.success(response.message ?? t.blockRemoved);
    } catch (error) {
      toast.error(errorMessage(error));
    }
    setAsking(false);
  };
  return (
    <li className={styles.item} style={placement(span, block.start, block.end)}>
      <div className={styles.block}>
        <span className={styles.time}>{label}</span> <span className={styles.what}>{t.blocked}</span>
        <button type="button" className={styles.unblock} aria-label={t.unblock(label)} onClick={() => setAsking(true)}>
          ×
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          open
          title={t.unblockTitle}
          message={t.unblockQuestion(label)}
          confirmLabel={t.remove}
          dismissLabel={t.keep}
          busy={remove.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      )}
    </li>
  );
}

/** Block a range of one day, or the whole day (a day off). Checked with the contract's schemas first. */
function BlockDialog({ day: initialDay, onClose }: { day: string; onClose(): void }) {
  const toast = useToast();
  const addBlock = useAddBlock();
  const addDayOff = useAddDayOff();
  const [day, setDay] = useState(initialDay < isoDay(new Date()) ? isoDay(new Date()) : initialDay);
  const [wholeDay, setWholeDay] = useState(false);
  const [start, setStart] = useState('12:00');
  const [end, setEnd] = useState('17:00');
  const [errors, setErrors] = useState<Partial<Record<'day' | 'start' | 'end', string>>>({});
  const busy = addBlock.isPending || addDayOff.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = wholeDay ? dayOffBody.safeParse({ day }) : blockBody.safeParse({ day, start, end });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    try {
      const response = wholeDay ? await addDayOff.mutateAsync(day) : await addBlock.mutateAsync({ day, start, end });
      toast.success(response.message ?? (wholeDay ? t.dayOffAdded : t.blockAdded));
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <FormDialog
      title={t.blockTime}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      cancelLabel={t.cancel}
      submitLabel={t.block}
      busy={busy}
    >
      <Field label={t.date} error={errors.day}>
        <DatePicker label={t.date} min={isoDay(new Date())} value={day} onChange={setDay} />
      </Field>
      <label className={styles.check}>
        <input type="checkbox" checked={wholeDay} onChange={(e) => setWholeDay(e.target.checked)} />
        {t.wholeDay}
      </label>
      {!wholeDay && (
        <div className={styles.times}>
          <Field label={t.from} error={errors.start}>
            <TimeSelect value={start} onChange={setStart} />
          </Field>
          <Field label={t.to} error={errors.end}>
            <TimeSelect value={end} onChange={setEnd} endOfDay />
          </Field>
        </div>
      )}
    </FormDialog>
  );
}
