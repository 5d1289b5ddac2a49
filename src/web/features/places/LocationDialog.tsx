// The location dialog: the served cities as buttons, an 'Address or ZIP code' combobox over the
// place search, 'Use my location' (the browser's position; a refusal or a failure is said here
// and the rest stays usable) and 'Anywhere'. A choice is kept in this browser and, for a
// signed-in member, saved on the server.
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/form-errors.js';
import { placesText as t } from '../../../contract/messages.js';
import {
  placeLimits,
  portalCities,
  servedCities,
  type ChosenLocation,
  type FoundPlace,
  type PortalCity,
} from '../../../contract/places.js';
import { useMemberSession } from '../../lib/session.js';
import { Combobox } from '../../ui/Combobox.js';
import { Dialog } from '../../ui/Dialog.js';
import { useDebounced } from '../../ui/useDebounced.js';
import { useToast } from '../../ui/toast.js';
import { saveMemberLocation, usePlaceSearch } from './api.js';
import { chooseLocation, isCityChoice, useChosenLocation } from './location.js';
import { PinIcon } from './PinIcon.js';
import styles from './places.module.css';

const typingDelayMs = 250;
/** A position this close to a served city's centre belongs to that city. */
const cityReachKm = 60;

type Finding = 'idle' | 'locating' | 'denied' | 'unavailable';

export default function LocationDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const chosen = useChosenLocation();
  const member = useMemberSession();
  const toast = useToast();
  const id = useId();
  const [finding, setFinding] = useState<Finding>('idle');
  const [typed, setTyped] = useState('');
  const [listOpen, setListOpen] = useState(false);
  // A position that arrives after the dialog was closed is not a choice any more.
  const asking = useRef(0);

  const query = useDebounced(typed.trim(), typingDelayMs);
  const places = usePlaceSearch(query, placeLimits.queryMin);
  const searching = query.length >= placeLimits.queryMin;
  const found = searching && listOpen ? (places.data ?? []) : [];
  const options = found.filter((place) => place.description !== typed);

  function close() {
    asking.current += 1;
    setFinding('idle');
    setTyped('');
    setListOpen(false);
    onClose();
  }

  function choose(location: ChosenLocation | null) {
    chooseLocation(location);
    if (member) saveMemberLocation(location).catch((error: unknown) => toast.error(errorMessage(error)));
    close();
  }

  function locate() {
    if (!('geolocation' in navigator)) return setFinding('unavailable');
    const ask = ++asking.current;
    setFinding('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (ask !== asking.current) return;
        const lat = Math.round(position.coords.latitude * 1e4) / 1e4;
        const lng = Math.round(position.coords.longitude * 1e4) / 1e4;
        choose({ label: t.myLocation, lat, lng, city: cityNear(lat, lng) });
      },
      (error) => {
        if (ask !== asking.current) return;
        setFinding(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  }

  const chosenCity = chosen && isCityChoice(chosen) ? chosen.city : null;
  const inputId = `${id}-place`;
  const hintId = `${id}-hint`;
  const statusText = !searching
    ? ''
    : places.isFetching && !places.data
      ? t.searchingPlaces
      : places.data?.length === 0 && !places.isPlaceholderData
        ? t.noPlaces
        : '';

  return (
    <Dialog open={open} title={t.dialogTitle} onClose={close}>
      <div className={styles.dialog}>
        <section aria-labelledby={`${id}-cities`}>
          <h3 id={`${id}-cities`} className={styles.heading}>
            {t.cities}
          </h3>
          <div className={styles.cities}>
            {portalCities.map((city) => (
              <button
                key={city}
                type="button"
                className={`btn btn-outline ${styles.city}`}
                aria-pressed={city === chosenCity}
                onClick={() => choose(cityChoice(city))}
              >
                {servedCities[city].label}
              </button>
            ))}
          </div>
        </section>

        <div className="field">
          <label htmlFor={inputId}>{t.searchPlace}</label>
          <Combobox<FoundPlace>
            id={inputId}
            name="place"
            value={typed}
            maxLength={placeLimits.queryMax}
            aria-describedby={hintId}
            listLabel={t.places}
            options={options}
            optionKey={(place) => `${place.description}|${place.lat}|${place.lng}`}
            renderOption={(place) => place.description}
            onType={(text) => {
              setTyped(text);
              setListOpen(true);
            }}
            onFocus={() => setListOpen(true)}
            onBlur={() => setListOpen(false)}
            onOpen={() => setListOpen(true)}
            onClose={() => setListOpen(false)}
            onPick={(place) => choose({ label: place.description, lat: place.lat, lng: place.lng, city: place.city })}
          />
          <small id={hintId} className="field-hint">
            {t.searchPlaceHint}
          </small>
          <p className={styles.status} role="status">
            {statusText}
          </p>
        </div>

        <div className={styles.actions}>
          <button type="button" className="btn btn-outline" onClick={locate} disabled={finding === 'locating'}>
            <PinIcon />
            {t.useMyLocation}
          </button>
          <button type="button" className="btn btn-outline" aria-pressed={chosen === null} onClick={() => choose(null)}>
            {t.clearLocation}
          </button>
        </div>
        <div className={styles.feedback} aria-live="polite">
          {finding === 'locating' && (
            <p className={styles.finding}>
              <span className="spinner" aria-hidden="true" /> {t.locating}
            </p>
          )}
          {(finding === 'denied' || finding === 'unavailable') && (
            <p className={styles.problem} role="alert">
              {finding === 'denied' ? t.geolocationDenied : t.geolocationUnavailable}
            </p>
          )}
        </div>
      </div>
    </Dialog>
  );
}

function cityChoice(city: PortalCity): ChosenLocation {
  const { label, lat, lng } = servedCities[city];
  return { label, lat, lng, city };
}

/** The served city whose centre is within reach of the point, if any. */
function cityNear(lat: number, lng: number): PortalCity | null {
  let best: { city: PortalCity; km: number } | null = null;
  for (const city of portalCities) {
    const km = distanceKm(lat, lng, servedCities[city].lat, servedCities[city].lng);
    if (km <= cityReachKm && (!best || km < best.km)) best = { city, km };
  }
  return best?.city ?? null;
}

/** Great-circle distance (haversine), km. */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}
