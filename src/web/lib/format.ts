// Money and distances (written as the server writes them, contract/format.ts), percentages and
// phone numbers.
// Dates live in dates.ts, so pages that only show prices do not load dayjs.

import type { PriceUnit } from '../../contract/checkout.js';
import { distance, money, radius } from '../../contract/format.js';
import { checkoutText } from '../../contract/messages.js';

export { distance, money, radius };

/** A percentage with 2 decimals: 2.5 → `2.50%`. */
export const percent = (value: number) => `${value.toFixed(2)}%`;

/**
 * A stored phone with its country code as people write it: a North American number (+1 and ten
 * digits) grouped, `+1 (512) 555-0141`; any other as stored, `+91 9876543210`.
 */
export function phoneNumber(countryCode: string, phone: string): string {
  const nanp = /^(\d{3})(\d{3})(\d{4})$/.exec(phone);
  if (countryCode === '+1' && nanp) return `+1 (${nanp[1]}) ${nanp[2]}-${nanp[3]}`;
  return `${countryCode} ${phone}`;
}

/** Hundredths of a percent as a percentage, decimals only when there are any: 1000 → `10%`, 1250 → `12.5%`. */
export const basisPointsPercent = (basisPoints: number) => `${Number((basisPoints / 100).toFixed(2))}%`;

/** A price with its unit, `$40.00 / hour`; `from` for a provider's cheapest line, `from $45.00 / visit`. */
export const unitPrice = (cents: number, unit: PriceUnit, from = false): string =>
  (from ? checkoutText.fromPrice : checkoutText.unitPrice)(money(cents), unit);
