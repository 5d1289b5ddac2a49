// The filters of /Search and /Services_booking as their URL keeps them (reload, Back and a shared
// link show the same list): `q`, `category` (search only), the area (`city`, or `lat`+`lng`+`near`:
// places/location.ts), `radiusKm`, `minPrice` and `maxPrice` in dollars, `minRating`, `date` and
// `sort`. What the URL holds is read leniently: a value the panel cannot show is left out, never
// sent on to the server to be refused. Types only from the contract: its schemas stay out of the
// bundle, and `satisfies` ties the choices here to the contract's.
import type { distanceLimits, NextSlot, SearchSort, searchSorts } from '../../../contract/providers.js';
import { discoveryText as t } from '../../../contract/messages.js';
import { filterKeys } from '../../../contract/paths.js';
import { clockTime, dayName, isoDay } from '../../lib/dates.js';
import { searchAreaFromParams, type SearchArea } from '../places/index.js';

export const distanceChoices = [8, 16, 40] as const satisfies (typeof distanceLimits)['choicesKm'];
export const ratingChoices = [3, 4, 4.5] as const;
export const sortChoices = ['match', 'rating', 'price', 'distance'] as const satisfies typeof searchSorts;
/** The server's price limit, dollars (discoveryFilters in contract/providers.ts). */
const priceMax = 100_000;

export interface Discovery {
  text: string;
  category: string | null;
  area: SearchArea | null;
  radiusKm: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  /** The lowest price is above the highest: neither is applied until one is changed. */
  priceClash: boolean;
  minRating: number | null;
  date: string | null;
  sort: SearchSort | null;
}

/** A filter's URL key (the text and the area have their own; the route table names them all). */
export type FilterKey = (typeof filterKeys)[number];

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function number(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const price = (value: string | null) => {
  const n = number(value);
  return n !== null && n >= 0 && n <= priceMax ? n : null;
};

function calendarDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value ? value : null;
}

export function readDiscovery(params: URLSearchParams): Discovery {
  const area = searchAreaFromParams(params);
  const radius = number(params.get('radiusKm'));
  const rating = number(params.get('minRating'));
  const sort = sortChoices.find((s) => s === params.get('sort')) ?? null;
  const category = params.get('category');
  let minPrice = price(params.get('minPrice'));
  let maxPrice = price(params.get('maxPrice'));
  const priceClash = minPrice !== null && maxPrice !== null && minPrice > maxPrice;
  if (priceClash) minPrice = maxPrice = null;
  return {
    text: (params.get('q') ?? '').trim(),
    category: category && uuid.test(category) ? category : null,
    area,
    // A distance and the distance order need a place to measure from.
    radiusKm: area && distanceChoices.some((km) => km === radius) ? radius : null,
    minPrice,
    maxPrice,
    priceClash,
    minRating: ratingChoices.some((r) => r === rating) ? rating : null,
    date: calendarDay(params.get('date')),
    sort: sort === 'distance' && !area ? null : sort,
  };
}

/** The query of GET /services/search (with the category) or of a service's providers. */
export function discoveryQuery(d: Discovery, withCategory: boolean): Record<string, string | number | undefined> {
  const optional = <T>(value: T | null) => value ?? undefined;
  return {
    text: d.text || undefined,
    category: withCategory ? optional(d.category) : undefined,
    city: d.area?.city,
    lat: d.area?.lat,
    lng: d.area?.lng,
    radiusKm: optional(d.radiusKm),
    minPrice: optional(d.minPrice),
    maxPrice: optional(d.maxPrice),
    minRating: optional(d.minRating),
    date: optional(d.date),
    sort: optional(d.sort),
  };
}

/** How many filters narrow or order the list (the 'Filters (n)' button). */
export function activeFilters(d: Discovery, withCategory: boolean): number {
  return [
    withCategory && d.category,
    d.radiusKm,
    d.minPrice !== null || d.maxPrice !== null || d.priceClash,
    d.minRating,
    d.date,
    d.sort && d.sort !== 'match',
  ].filter(Boolean).length;
}

/** `params` with one filter (or the text, or the provider whose dialog is open) set; null or '': removed. */
export function withFilter(
  params: URLSearchParams,
  key: FilterKey | 'q' | 'provider',
  value: string | number | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(key);
  else next.set(key, String(value));
  return next;
}

/** `params` without any filter (the text, the area and everything else stay). */
export function withoutFilters(params: URLSearchParams, keepCategory: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of filterKeys) if (!(keepCategory && key === 'category')) next.delete(key);
  return next;
}

// ---------------------------------------------------------------- the cards' next free slot

/** 'Today 3:00 PM', 'Tomorrow 10:00 AM', else 'Fri, Nov 28, 9:00 AM'. */
export function slotLabel(slot: NextSlot, now: Date = new Date()): string {
  const time = clockTime(slot.time);
  if (slot.date === isoDay(now)) return `${t.today} ${time}`;
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  if (slot.date === isoDay(tomorrow)) return `${t.tomorrow} ${time}`;
  return `${dayName(slot.date, false)}, ${time}`;
}

/**
 * The booking dialog opened on a provider's slot: `provider=<id>&slot=<date>T<time>` on the page's
 * own URL (so the filters stay, and the sign-in comes back to the same dialog).
 */
export function withSlotBooking(params: URLSearchParams, providerId: string, slot: NextSlot): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('provider', providerId);
  next.set('slot', `${slot.date}T${slot.time}`);
  return next;
}

/** The slot of `?slot=`, if it reads as one. */
export function readSlot(params: URLSearchParams): NextSlot | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(params.get('slot') ?? '');
  return match?.[1] && match[2] && calendarDay(match[1]) ? { date: match[1], time: match[2] } : null;
}
