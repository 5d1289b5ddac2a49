// A member's saved addresses (the profile's Saved addresses; offered first in the booking
// dialog's Location): the address line, a unit or apartment, and a label.
import { z } from 'zod';
import { savedAddressText as t } from './messages.js';

export const savedAddressLabels = ['home', 'work', 'other'] as const;
export type SavedAddressLabel = (typeof savedAddressLabels)[number];

export const savedAddressLimits = {
  /** How many addresses a member keeps. */
  perMember: 10,
  lineMax: 150,
  /** With ", " and the line, within a booking's 200 characters. */
  unitMax: 40,
} as const;

/** The address a booking holds: the unit after the street, before the city ("4512 Swiss Ave, Apt 3, Dallas, TX"). */
export function addressWithUnit(line: string, unit: string): string {
  const street = line.trim();
  const apartment = unit.trim();
  if (!apartment) return street;
  const comma = street.indexOf(',');
  return comma === -1 ? `${street}, ${apartment}` : `${street.slice(0, comma)}, ${apartment}${street.slice(comma)}`;
}

/** POST /members/addresses. */
export const savedAddressForm = z.object({
  line: z
    .string({ error: t.lineRequired })
    .trim()
    .min(1, { error: t.lineRequired, abort: true })
    .max(savedAddressLimits.lineMax, { error: t.lineTooLong }),
  unit: z.string().trim().max(savedAddressLimits.unitMax, { error: t.unitTooLong }).default(''),
  label: z.enum(savedAddressLabels, { error: t.labelInvalid }).default('home'),
});
export type SavedAddressForm = z.input<typeof savedAddressForm>;

export const savedAddress = z.object({
  _id: z.uuid(),
  line: z.string(),
  unit: z.string(),
  label: z.enum(savedAddressLabels),
  /** The line with its unit, as a booking holds it. */
  address: z.string(),
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddress>;

export const savedAddressIdParam = z.object({ id: z.uuid({ error: t.notFound }) });
