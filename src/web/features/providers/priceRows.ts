// A price list as a form holds it: per service the price as the dollars typed, the unit, and the
// duration as typed in minutes or hours. Each row is turned into the server's line (cents,
// minutes) and checked by the server's own schema (`pricesBody` in contract/checkout.ts), so both
// sides give the same messages. Dollars are read as text, never multiplied as a float: a figure
// saved and loaded again is the same figure (hundredthsText ↔ toHundredths).
import { z } from 'zod';
import { pricesBody, type PriceItem, type PricesBody, type PriceUnit } from '../../../contract/checkout.js';
import { checkoutText as t } from '../../../contract/messages.js';
import { hundredthsText, toHundredths } from '../../../contract/wallet.js';

export const durationUnits = ['minutes', 'hours'] as const;
export type DurationUnit = (typeof durationUnits)[number];

/** One row of the form: everything as its input holds it. */
export interface PriceRowInput {
  priceCents: string;
  unit: PriceUnit;
  durationMinutes: string;
  durationUnit: DurationUnit;
}

/** The rows of a form, by service id (a row per service offered). */
export type PriceRowsInput = Record<string, PriceRowInput>;

/** The server's schema for one line. */
const priceLine = pricesBody.shape.prices.element;

/** A row → the server's line, checked by the server's schema; `serviceId` comes from the row's key. */
const priceRow = (serviceId: string) =>
  z
    .object({
      priceCents: z.string(),
      unit: z.string(),
      durationMinutes: z.string(),
      durationUnit: z.enum(durationUnits),
    })
    .transform((row, ctx) => {
      const cents = toHundredths(row.priceCents);
      if (cents === 'decimals') {
        ctx.addIssue({ code: 'custom', path: ['priceCents'], message: t.priceDecimals });
        return z.NEVER;
      }
      const amount = row.durationMinutes.trim() === '' ? Number.NaN : Number(row.durationMinutes);
      return {
        serviceId,
        // Not a figure: NaN, which the line's schema refuses with its own message.
        priceCents: typeof cents === 'number' ? cents : Number.NaN,
        unit: row.unit,
        // Hours may have decimals (1.5 hours): the nearest whole minute.
        durationMinutes: row.durationUnit === 'hours' ? Math.round(amount * 60) : amount,
      };
    })
    .pipe(priceLine);

/**
 * The rows of a form → the lines of PUT /provider/prices, for the services given (in their
 * order). Errors sit at `<serviceId>.priceCents` and `<serviceId>.durationMinutes`, as the form
 * names its inputs.
 */
// Each row is checked by `priceRow` (below the record's own typing, which is the form's).
export const priceRows = z
  .record(z.string(), z.custom<PriceRowInput>())
  .transform((rows, ctx): PricesBody['prices'] => {
    const lines: PricesBody['prices'] = [];
    for (const [serviceId, row] of Object.entries(rows)) {
      const parsed = priceRow(serviceId).safeParse(row);
      if (parsed.success) lines.push(parsed.data);
      else
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: [serviceId, ...issue.path] });
    }
    return lines;
  });

/** A line as its row shows it: `45.00`, and whole hours in hours, else minutes. */
export function rowOf(line: Pick<PriceItem, 'priceCents' | 'unit' | 'durationMinutes'>): PriceRowInput {
  const hours = line.durationMinutes % 60 === 0;
  return {
    priceCents: hundredthsText(line.priceCents),
    unit: line.unit,
    durationMinutes: String(hours ? line.durationMinutes / 60 : line.durationMinutes),
    durationUnit: hours ? 'hours' : 'minutes',
  };
}

/** The rows of a whole list, by service id. */
export const rowsOf = (list: PriceItem[]): PriceRowsInput =>
  Object.fromEntries(list.map((line) => [line.serviceId, rowOf(line)]));

/** A new row for a service just added: the charges typed, per visit, an hour. */
export const newRow = (charges: string): PriceRowInput => ({
  priceCents: charges,
  unit: 'visit',
  durationMinutes: '1',
  durationUnit: 'hours',
});

/** Whether saving `lines` would change the list the server holds (so a save without changes sends nothing). */
export function pricesChanged(lines: PricesBody['prices'], saved: PriceItem[]): boolean {
  const key = (l: { serviceId: string; priceCents: number; unit: string; durationMinutes: number }) =>
    `${l.serviceId}:${l.priceCents}:${l.unit}:${l.durationMinutes}`;
  const before = saved.map(key).sort().join('|');
  return lines.map(key).sort().join('|') !== before;
}
