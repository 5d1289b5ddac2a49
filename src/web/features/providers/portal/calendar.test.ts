import { describe, expect, it } from 'vitest';
import type { CalendarDayPlan } from '../../../../contract/portal.js';
import { shiftDay } from '../../../../contract/format.js';
import { firstDay, gridSpan, placement } from './calendar.js';

const day = (patch: Partial<CalendarDayPlan> = {}): CalendarDayPlan => ({
  date: '2026-12-02',
  hours: [],
  dayOff: false,
  jobs: [],
  blocks: [],
  ...patch,
});

describe('the calendar’s days', () => {
  it('starts a week on its Sunday and a day view on the day', () => {
    expect(firstDay('2026-12-02', 'week')).toBe('2026-11-29'); // a Wednesday's Sunday
    expect(firstDay('2026-11-29', 'week')).toBe('2026-11-29');
    expect(firstDay('2026-12-02', 'day')).toBe('2026-12-02');
  });

  it('moves across months and years', () => {
    expect(shiftDay('2026-12-30', 7)).toBe('2027-01-06');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('the grid', () => {
  it('spans 08:00–18:00 at least, and whole hours around anything earlier or later, buffer included', () => {
    expect(gridSpan([day()], 30)).toEqual({ start: 480, end: 1080 });
    const early = day({
      hours: [{ start: '07:30', end: '16:00' }],
      jobs: [{ _id: 'x', status: 'accepted', start: '18:00', end: '19:00', customer: 'A', service: null }],
    });
    // 07:30 → 07:00; the job ends 19:00, plus 30 minutes of buffer → 20:00.
    expect(gridSpan([early], 30)).toEqual({ start: 420, end: 1200 });
    expect(gridSpan([day({ blocks: [{ _id: 'b', start: '00:00', end: '24:00' }] })], 0)).toEqual({
      start: 0,
      end: 1440,
    });
  });

  it('places a stretch as a share of the grid, clipped to it', () => {
    const span = { start: 480, end: 1080 }; // ten hours
    expect(placement(span, '09:00', '10:00')).toEqual({ top: '10.000%', height: '10.000%' });
    expect(placement(span, 420, 540)).toEqual({ top: '0.000%', height: '10.000%' });
  });
});
