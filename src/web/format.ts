// Money as the specs show it: a $ prefix (customer.md §9). Dates live in dates.ts, so pages that
// only show prices do not load dayjs.

/** Cents to `$45` or `$45.50`. */
export function money(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}
