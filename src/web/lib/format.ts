// Money as the specs show it: a $ prefix. Dates live in dates.ts, so pages that
// only show prices do not load dayjs.

/** Cents to `$45` or `$45.50`. */
export function money(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents to `$1,234.50`, always 2 decimals (wallet figures); `-$12.00` below zero. */
export const moneyExact = (cents: number): string => usd.format(cents / 100);

/** A percentage with 2 decimals: 2.5 → `2.50%`. */
export const percent = (value: number) => `${value.toFixed(2)}%`;
