import { describe, expect, it } from 'vitest';
import type { PriceItem } from '../../../contract/checkout.js';
import { newRow, priceRows, pricesChanged, rowOf, rowsOf } from './priceRows.js';

const plumbing = '0b0d3c2e-6a57-4d1c-9d5e-1f3a4b5c6d7e';
const painting = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';

const list: PriceItem[] = [
  { serviceId: plumbing, title: 'Plumbing', priceCents: 4529, unit: 'hour', durationMinutes: 60 },
  { serviceId: painting, title: 'Painting', priceCents: 29, unit: 'visit', durationMinutes: 90 },
];

/** The same list at prices the server takes ($1 or more). */
const valid = list.map((line) => ({ ...line, priceCents: line.priceCents + 10_000 }));

const errorsOf = (rows: unknown) => {
  const result = priceRows.safeParse(rows);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('price rows', () => {
  it('shows cents as dollars and whole hours in hours', () => {
    expect(rowOf(list[0]!)).toEqual({ priceCents: '45.29', unit: 'hour', durationMinutes: '1', durationUnit: 'hours' });
    expect(rowOf(list[1]!)).toEqual({
      priceCents: '0.29',
      unit: 'visit',
      durationMinutes: '90',
      durationUnit: 'minutes',
    });
  });

  it('saves the same figures however often a list is loaded and saved again', () => {
    const lines = valid.map(({ title: _title, ...line }) => line);
    let saved = valid;
    for (let i = 0; i < 3; i++) {
      const again = priceRows.parse(rowsOf(saved));
      expect(again).toEqual(lines);
      expect(pricesChanged(again, saved)).toBe(false);
      saved = again.map((line) => ({ ...line, title: '' }));
    }
  });

  it('reads hours with decimals to the minute, and dollars exactly', () => {
    expect(
      priceRows.parse({
        [plumbing]: { priceCents: '40.1', unit: 'hour', durationMinutes: '1.5', durationUnit: 'hours' },
      }),
    ).toEqual([{ serviceId: plumbing, priceCents: 4010, unit: 'hour', durationMinutes: 90 }]);
  });

  it('refuses with the server’s messages, at the field that is wrong', () => {
    expect(
      errorsOf({
        [plumbing]: { priceCents: '0.50', unit: 'visit', durationMinutes: '10', durationUnit: 'minutes' },
        [painting]: { priceCents: '', unit: 'hour', durationMinutes: '13', durationUnit: 'hours' },
      }),
    ).toEqual([
      [`${plumbing}.priceCents`, 'The price must be between $1.00 and $100,000.00'],
      [`${plumbing}.durationMinutes`, 'The duration must be between 15 minutes and 12 hours'],
      [`${painting}.priceCents`, 'The price must be between $1.00 and $100,000.00'],
      [`${painting}.durationMinutes`, 'The duration must be between 15 minutes and 12 hours'],
    ]);
    expect(errorsOf({ [plumbing]: { ...newRow('12.345'), unit: 'visit' } })).toEqual([
      [`${plumbing}.priceCents`, 'Please use at most 2 decimals for the price'],
    ]);
    expect(errorsOf({ [plumbing]: newRow('ten') })).toEqual([
      [`${plumbing}.priceCents`, 'The price must be between $1.00 and $100,000.00'],
    ]);
  });

  it('tells a changed list from the one saved', () => {
    const lines = priceRows.parse(rowsOf(valid));
    expect(pricesChanged(lines, valid)).toBe(false);
    expect(pricesChanged(lines.slice(1), valid)).toBe(true);
    expect(pricesChanged([{ ...lines[0]!, unit: 'visit' }, lines[1]!], valid)).toBe(true);
  });
});
