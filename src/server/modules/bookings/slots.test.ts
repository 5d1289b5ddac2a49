import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { localInstant } from '../../../contract/format.js';
import { daysAhead, defaultHours, firstFreeTime, freeSlotTimes, hhmm, hoursForDay, type DayPlan } from './slots.js';

const newYork = 'America/New_York';
const austin = 'America/Chicago';

/** A plan for 2026-06-10 (a Wednesday) seen from far before it, with the default day. */
function plan(overrides: Partial<DayPlan> = {}): DayPlan {
  return {
    date: '2026-06-10',
    timeZone: austin,
    hours: [defaultHours],
    slotMinutes: 60,
    bufferMinutes: 30,
    dayOff: false,
    blocked: [],
    booked: [],
    now: new Date('2026-06-01T12:00:00Z'),
    leadMinutes: 120,
    ...overrides,
  };
}

const allDay = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];

describe('freeSlotTimes', () => {
  it('cuts the working day into slot steps; the last one ends at closing time', () => {
    expect(freeSlotTimes(plan())).toEqual(allDay);
    expect(freeSlotTimes(plan({ slotMinutes: 90 }))).toEqual(['09:00', '10:30', '12:00', '13:30', '15:00', '16:30']);
    // 09:00–10:30 holds one hour-long slot, not two.
    expect(freeSlotTimes(plan({ hours: [{ startMinute: 540, endMinute: 630 }] }))).toEqual(['09:00']);
  });

  it('offers a longer job only the starts where it fits: before closing time, clear of booked jobs and their buffer', () => {
    // A three-hour job must end by 18:00.
    expect(freeSlotTimes(plan({ durationMinutes: 180 }))).toEqual(allDay.slice(0, 7));
    // A booked three-hour job at 12:00 (to 15:00) with 30 minutes' travel either side.
    const booked = [{ date: '2026-06-10', time: '12:00', durationMinutes: 180 }];
    expect(freeSlotTimes(plan({ booked }))).toEqual(['09:00', '10:00', '16:00', '17:00']);
    // A two-hour job asked for around it: 09:00 (ends 11:00, 30 minutes before the booked one) and 16:00.
    expect(freeSlotTimes(plan({ booked, durationMinutes: 120 }))).toEqual(['09:00', '16:00']);
    // An old booking without a duration lasts one slot.
    expect(freeSlotTimes(plan({ booked: [{ date: '2026-06-10', time: '12:00', durationMinutes: null }] }))).toEqual([
      '09:00',
      '10:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
  });

  it('joins split shifts, earliest first', () => {
    const hours = [
      { startMinute: 13 * 60, endMinute: 16 * 60 },
      { startMinute: 8 * 60, endMinute: 11 * 60 },
    ];
    expect(freeSlotTimes(plan({ hours }))).toEqual(['08:00', '09:00', '10:00', '13:00', '14:00', '15:00']);
  });

  it('leaves out every start whose job would reach into a blocked time, without a buffer around it', () => {
    // 13:00–15:30 blocked: an hour-long job may end at 13:00 and start at 15:30's next step, 16:00.
    const blocked = [{ startMinute: 13 * 60, endMinute: 15 * 60 + 30 }];
    expect(freeSlotTimes(plan({ blocked }))).toEqual(['09:00', '10:00', '11:00', '12:00', '16:00', '17:00']);
    // A two-hour job must end by 13:00 too.
    expect(freeSlotTimes(plan({ blocked, durationMinutes: 120 }))).toEqual(['09:00', '10:00', '11:00', '16:00']);
  });

  it('has nothing on a day off or a day without hours', () => {
    expect(freeSlotTimes(plan({ dayOff: true }))).toEqual([]);
    expect(freeSlotTimes(plan({ hours: [] }))).toEqual([]);
  });

  it('keeps the travel buffer free on both sides of a booked job', () => {
    // A 12:00 job (one hour) with 30 minutes either side blocks 11:00, 12:00 and 13:00.
    const booked = [{ date: '2026-06-10', time: '12:00' }];
    expect(freeSlotTimes(plan({ booked }))).toEqual(['09:00', '10:00', '14:00', '15:00', '16:00', '17:00']);
    // Without a buffer only the job's own hour goes.
    expect(freeSlotTimes(plan({ booked, bufferMinutes: 0 }))).toEqual(allDay.filter((t) => t !== '12:00'));
    // Half-hour slots: a 12:00–12:30 job blocks 11:30, 12:00 and 12:30. 11:00 ends at 11:30, and
    // its buffer reaches 12:00 exactly: touching is not overlapping.
    const halfHours = freeSlotTimes(plan({ booked, slotMinutes: 30, hours: [{ startMinute: 660, endMinute: 840 }] }));
    expect(halfHours).toEqual(['11:00', '13:00', '13:30']);
  });

  it('counts a job of the day before that runs past midnight', () => {
    const hours = [{ startMinute: 0, endMinute: 180 }];
    const booked = [{ date: '2026-06-09', time: '23:30' }];
    // The job ends 00:30, plus 30 minutes: 00:00 is blocked, 01:00 starts exactly after the buffer.
    expect(freeSlotTimes(plan({ hours, booked }))).toEqual(['01:00', '02:00']);
  });

  it('offers nothing sooner than two hours from now, in the provider’s time zone', () => {
    // 15:30 UTC is 11:30 in New York and 10:30 in Austin (summer time in both).
    const now = new Date('2026-06-10T15:30:00Z');
    expect(freeSlotTimes(plan({ now, timeZone: newYork }))).toEqual(['14:00', '15:00', '16:00', '17:00']);
    expect(freeSlotTimes(plan({ now, timeZone: austin }))).toEqual(['13:00', '14:00', '15:00', '16:00', '17:00']);
    // Exactly two hours ahead is still bookable.
    expect(freeSlotTimes(plan({ now: new Date('2026-06-10T16:00:00Z'), timeZone: newYork }))[0]).toBe('14:00');
  });

  it('has nothing in the past', () => {
    expect(freeSlotTimes(plan({ date: '2026-05-31' }))).toEqual([]);
    expect(freeSlotTimes(plan({ now: new Date('2026-06-11T01:00:00Z') }))).toEqual([]);
  });

  it('skips the hour that does not exist when clocks go forward', () => {
    // 2026-03-08 in New York: 02:00–02:59 never happens.
    const hours = [{ startMinute: 0, endMinute: 6 * 60 }];
    const now = new Date('2026-03-01T00:00:00Z');
    expect(freeSlotTimes(plan({ date: '2026-03-08', timeZone: newYork, hours, now }))).toEqual([
      '00:00',
      '01:00',
      '03:00',
      '04:00',
      '05:00',
    ]);
  });

  it('measures the two hours in real time on a DST day', () => {
    // Clocks went forward at 2 am: 09:00 that day is 13:00 UTC (EDT), not 14:00 (EST).
    const day = { date: '2026-03-08', timeZone: newYork };
    expect(freeSlotTimes(plan({ ...day, now: new Date('2026-03-08T11:00:00Z') }))[0]).toBe('09:00');
    expect(freeSlotTimes(plan({ ...day, now: new Date('2026-03-08T11:01:00Z') }))[0]).toBe('10:00');
    // Clocks went back at 2 am on 2026-11-01: 09:00 is 14:00 UTC (EST).
    const back = { date: '2026-11-01', timeZone: newYork };
    expect(freeSlotTimes(plan({ ...back, now: new Date('2026-11-01T12:00:00Z') }))[0]).toBe('09:00');
    expect(freeSlotTimes(plan({ ...back, now: new Date('2026-11-01T12:01:00Z') }))[0]).toBe('10:00');
  });

  it('keeps the buffer in real minutes across the night clocks go back', () => {
    // 2026-11-01 in New York lasts 25 hours. A 00:30 job ends at 01:30 EDT (05:30 UTC); the 01:00
    // that counts is 01:00 EST (06:00 UTC), a full buffer later, so it is free although on the
    // wall clock it starts before the job ends. 00:00 (04:00 UTC) clashes.
    const hours = [{ startMinute: 0, endMinute: 4 * 60 }];
    const booked = [{ date: '2026-11-01', time: '00:30' }];
    const free = freeSlotTimes(
      plan({ date: '2026-11-01', timeZone: newYork, hours, booked, now: new Date('2026-10-01T00:00:00Z') }),
    );
    expect(free).toEqual(['01:00', '02:00', '03:00']);
  });
});

describe('firstFreeTime', () => {
  it('is the first of the free times, with shifts that overlap, blocks and jobs', () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 22 * 4 }), fc.integer({ min: 1, max: 12 * 4 }))
      .map(([start, span]) => ({ startMinute: start * 15, endMinute: Math.min(24 * 60, (start + span) * 15) }));
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 3 }),
        fc.array(interval, { maxLength: 2 }),
        fc.array(fc.integer({ min: 0, max: 23 * 4 }), { maxLength: 3 }),
        fc.constantFrom(15, 30, 60, 90),
        (hours, blocked, jobStarts, slotMinutes) => {
          const day = plan({
            hours,
            blocked,
            slotMinutes,
            booked: jobStarts.map((quarter) => ({ date: '2026-06-10', time: hhmm(quarter * 15) })),
          });
          expect(firstFreeTime(day)).toBe(freeSlotTimes(day)[0] ?? null);
        },
      ),
    );
  });
});

describe('hoursForDay', () => {
  const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 480, endMinute: 1020 }));

  it('answers the default day when no hours are configured at all', () => {
    expect(hoursForDay([], '2026-06-14')).toEqual([defaultHours]);
  });

  it('answers the hours of the date’s weekday, none on other days', () => {
    expect(hoursForDay(weekdays, '2026-06-10')).toEqual([{ startMinute: 480, endMinute: 1020 }]); // Wednesday
    expect(hoursForDay(weekdays, '2026-06-14')).toEqual([]); // Sunday
  });
});

describe('dates', () => {
  it('knows whether a local time exists', () => {
    expect(localInstant('2026-06-10', '09:00', newYork)).toBe(Date.parse('2026-06-10T13:00:00Z'));
    expect(localInstant('2026-06-10', '09:00', austin)).toBe(Date.parse('2026-06-10T14:00:00Z'));
    expect(localInstant('2026-03-08', '02:30', newYork)).toBeNull();
  });

  it('reads a time that happens twice as the second, in whatever season the server runs', () => {
    // As PostgreSQL reads it (the full days of the read model), with a summer clock here.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-10T12:00:00Z'));
    try {
      expect(localInstant('2026-11-01', '01:59', newYork)).toBe(Date.parse('2026-11-01T06:59:00Z'));
      expect(localInstant('2026-11-01', '01:58', austin)).toBe(Date.parse('2026-11-01T07:58:00Z'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads every local time of a year as the zone’s clocks show it, or null where they skip it', () => {
    const zones = [newYork, austin, 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];
    // sv-SE writes `YYYY-MM-DD HH:MM`.
    const formats = new Map(
      zones.map((zone) => [
        zone,
        new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }),
      ]),
    );
    const wallOf = (instant: number, timeZone: string) => formats.get(timeZone)!.format(instant);
    // The days these zones change their clocks in 2026, and any day of two years.
    const changes = ['2026-03-08', '2026-11-01', '2026-04-05', '2026-10-04', '2026-09-27'];
    const anyDay = fc
      .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
      .map((day) => day.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...changes), anyDay),
        fc.oneof(fc.integer({ min: 0, max: 4 * 60 }), fc.integer({ min: 0, max: 24 * 60 - 1 })),
        fc.constantFrom(...zones),
        (date, minute, timeZone) => {
          const time = hhmm(minute);
          const instant = localInstant(date, time, timeZone);
          // Whether any instant of the two days around shows that local time.
          const from = Date.parse(`${date}T00:00:00Z`) - 15 * 3_600_000;
          const shown: number[] = [];
          for (let at = from; at < from + 54 * 3_600_000; at += 60_000)
            if (wallOf(at, timeZone) === `${date} ${time}`) shown.push(at);
          // The second of two, as PostgreSQL reads a time the clocks show twice.
          expect(instant).toBe(shown.length ? shown[shown.length - 1] : null);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('counts days ahead from the provider’s today', () => {
    // 03:00 UTC on June 10 is still June 9 in Austin.
    const now = new Date('2026-06-10T03:00:00Z');
    expect(daysAhead('2026-06-10', austin, now)).toBe(1);
    expect(daysAhead('2026-06-10', 'Europe/Berlin', now)).toBe(0);
    expect(daysAhead('2026-09-07', austin, now)).toBe(90);
    expect(daysAhead('2026-06-01', austin, now)).toBe(-8);
  });
});
