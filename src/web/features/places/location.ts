// The location a visitor looks for providers from: one of the served cities, a place the place
// search found, or the browser's own position. It is kept in this browser (and, for a signed-in
// member, on the server as well: useMemberLocationSync) and read with useSyncExternalStore, as
// lib/session.ts keeps the session. The discovery pages carry it in their URL as `city=` or as
// `lat=&lng=&near=<label>` (searchArea…), so that a shared link shows the same list.
// Types only from the contract: this module is part of the first route's bundle.
import { useSyncExternalStore } from 'react';
import { placesText, text } from '../../../contract/messages.js';
import { searchAreaKeys } from '../../../contract/paths.js';
import type { ChosenLocation, PortalCity } from '../../../contract/places.js';

const storageKey = 'doorstep.place';
/** The served cities' names (from the common texts: the providers' module is not in this bundle). */
const cityLabels: Record<PortalCity, string> = { austin: text.cities[0], dallas: text.cities[1], nyc: text.cities[2] };
const isCity = (value: unknown): value is PortalCity => typeof value === 'string' && Object.hasOwn(cityLabels, value);

// ---------------------------------------------------------------- the stored choice

const listeners = new Set<() => void>();
let cache: { raw: string | null; value: ChosenLocation | null } = { raw: null, value: null };
/** Counts the choices made on this page (the header's, the hero's or a page's button). */
let choices = 0;

function parse(raw: string | null): ChosenLocation | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ChosenLocation> | null;
    if (
      value &&
      typeof value.label === 'string' &&
      value.label !== '' &&
      Number.isFinite(value.lat) &&
      Number.isFinite(value.lng) &&
      (value.city === null || isCity(value.city))
    )
      return { label: value.label, lat: Number(value.lat), lng: Number(value.lng), city: value.city };
  } catch {
    // Not ours, or damaged: as if nothing was chosen.
  }
  return null;
}

/** Where the choice lives when the browser refuses storage (private mode): this page only. */
let memory: string | null = null;

function readStored(): ChosenLocation | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(storageKey);
  } catch {
    raw = memory;
  }
  if (raw !== cache.raw) cache = { raw, value: parse(raw) };
  return cache.value;
}

function write(location: ChosenLocation | null) {
  const raw = location ? JSON.stringify(location) : null;
  try {
    if (raw) localStorage.setItem(storageKey, raw);
    else localStorage.removeItem(storageKey);
  } catch {
    memory = raw;
  }
  for (const listener of listeners) listener();
}

/** A choice made in another tab of this browser. */
function onStorage(event: StorageEvent) {
  if (event.key === storageKey) for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const sameLocation = (a: ChosenLocation | null, b: ChosenLocation | null) =>
  a === b || (!!a && !!b && a.label === b.label && a.lat === b.lat && a.lng === b.lng && a.city === b.city);

export const storedLocation = readStored;

/** A served city's name, as the location dialog names it. */
export const cityLabel = (city: PortalCity) => cityLabels[city];
/** The served cities with their names, in the order the site lists them. */
export const servedCityNames = Object.entries(cityLabels) as [PortalCity, string][];

/** The visitor's choice (null: anywhere); the discovery pages follow it into their URL. */
export function chooseLocation(location: ChosenLocation | null) {
  choices += 1;
  write(location);
}

/** The member's location from the server, taken over without counting as a new choice. */
export function adoptLocation(location: ChosenLocation) {
  if (!sameLocation(location, readStored())) write(location);
}

// Drawn on the server (and hydrated) as anywhere; the stored choice follows at once.
export const useChosenLocation = () => useSyncExternalStore(subscribe, readStored, () => null);
/** Changes with every choice made on this page, the same location chosen again included. */
export const useLocationChoices = () =>
  useSyncExternalStore(
    subscribe,
    () => choices,
    () => 0,
  );

// ---------------------------------------------------------------- in a discovery page's URL

/** Where a list is measured from: a served city (its centre) or a point with its label. */
export type SearchArea =
  | { city: PortalCity; label: string; lat?: undefined; lng?: undefined }
  | { city?: undefined; lat: number; lng: number; label: string };

/** A chosen served city is searched by `city`; a place or the browser's position by its point. */
export function isCityChoice(location: ChosenLocation): location is ChosenLocation & { city: PortalCity } {
  return location.city !== null && location.label === cityLabels[location.city];
}

export const isMyPosition = (location: { label: string }) => location.label === placesText.myLocation;

const round = (degrees: number) => Math.round(degrees * 1e4) / 1e4;

export function searchAreaOf(location: ChosenLocation): SearchArea {
  return isCityChoice(location)
    ? { city: location.city, label: location.label }
    : { lat: round(location.lat), lng: round(location.lng), label: location.label };
}

export function searchAreaFromParams(params: URLSearchParams): SearchArea | null {
  const city = params.get('city');
  if (isCity(city)) return { city, label: cityLabels[city] };
  const lat = Number(params.get('lat') ?? NaN);
  const lng = Number(params.get('lng') ?? NaN);
  if (params.get('lat') && params.get('lng') && Math.abs(lat) <= 90 && Math.abs(lng) <= 180)
    return { lat, lng, label: params.get('near')?.trim().slice(0, 200) || placesText.locationLabel };
  return null;
}

/** `params` with its area replaced by `area` (none: removed). */
export function withSearchArea(params: URLSearchParams, area: SearchArea | null): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of searchAreaKeys) next.delete(key);
  if (area?.city) next.set('city', area.city);
  else if (area) {
    next.set('lat', String(area.lat));
    next.set('lng', String(area.lng));
    next.set('near', area.label);
  }
  return next;
}

export const sameArea = (a: SearchArea | null, b: SearchArea | null) =>
  a === b || (!!a && !!b && a.city === b.city && a.lat === b.lat && a.lng === b.lng && a.label === b.label);
