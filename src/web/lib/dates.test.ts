// Every date and time is written one way per kind, whatever the browser's zone.
import { describe, expect, it } from 'vitest';
import { clockTime, dayMonthYear, dayName, fullDayName, shortDate, shortDateTime, weekday } from './dates.js';

describe('a time of day', () => {
  it('is h:mm A, never 09:00 or 16:00', () => {
    expect(clockTime('09:00')).toBe('9:00 AM');
    expect(clockTime('16:00')).toBe('4:00 PM');
    expect(clockTime('00:15')).toBe('12:15 AM');
    expect(clockTime('12:00')).toBe('12:00 PM');
  });

  it('writes an end at midnight as 12:00 AM', () => {
    expect(clockTime('24:00')).toBe('12:00 AM');
  });
});

describe('a day', () => {
  it('of a job is DD-MM-YYYY', () => {
    expect(dayMonthYear('2026-12-01')).toBe('01-12-2026');
  });

  it('when something happened is MMM Do YY, with its time h:mm A', () => {
    expect(shortDate('2026-12-01T15:05:00')).toBe('Dec 1st 26');
    expect(shortDateTime('2026-12-01T15:05:00')).toBe('Dec 1st 26, 3:05 PM');
  });

  it('picked or headed by name has its month written out', () => {
    expect(dayName('2026-12-01')).toBe('Tue, Dec 1, 2026');
    expect(dayName('2026-12-01', false)).toBe('Tue, Dec 1');
    expect(fullDayName('2026-12-11')).toBe('Friday, December 11, 2026');
    expect(weekday('2026-12-01')).toBe('Tuesday');
  });

  it('stays the same day in a zone behind UTC', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Honolulu';
    try {
      expect(dayName('2027-01-01')).toBe('Fri, Jan 1, 2027');
    } finally {
      process.env.TZ = zone;
    }
  });
});
