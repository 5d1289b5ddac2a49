// The hero's two controls: the search box (every key press goes to /Search with the text, as
// the spec has it) and the 'Choose your location' picker of the cities Doorstep serves.
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Field } from '../../ui/Field.js';
import { useDismiss } from '../../ui/useDismiss.js';
import styles from './home.module.css';

/** What /Search receives in navigation state. */
export interface SearchState {
  text: string;
}

export function HomeSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');

  function go(typed: string) {
    if (!typed.trim()) return;
    const state: SearchState = { text: typed };
    navigate(`${routes.search}?q=${encodeURIComponent(typed.trim())}`, { state });
  }

  return (
    <form
      role="search"
      className={`${styles.search} ${className ?? ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        go(value);
      }}
    >
      <Field label={text.searchLabel} hideLabel>
        <input
          type="search"
          name="q"
          value={value}
          placeholder={text.searchPlaceholder}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => {
            setValue(event.target.value);
            go(event.target.value);
          }}
        />
      </Field>
    </form>
  );
}

const locationKey = 'doorstep.location';
type City = (typeof text.cities)[number];

function storedCity(): City | null {
  try {
    const value = localStorage.getItem(locationKey);
    return text.cities.find((city) => city === value) ?? null;
  } catch {
    return null;
  }
}

/** A small disclosure listing the served cities; the choice is remembered in this browser. */
export function ChooseLocation() {
  const [city, setCity] = useState<City | null>(storedCity);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const listId = useId();

  const dismiss = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, dismiss);

  function choose(next: City) {
    setCity(next);
    setOpen(false);
    try {
      localStorage.setItem(locationKey, next);
    } catch {
      // Private mode without storage: the choice holds for this page only.
    }
  }

  return (
    <div className={styles.location} ref={ref}>
      <button
        type="button"
        className={`btn btn-outline ${styles.locationButton}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
          />
        </svg>
        <span>{text.chooseLocation}</span>
        {city && <span className={styles.city}>{` · ${city}`}</span>}
      </button>
      <ul id={listId} className={styles.cities} aria-label={text.locationLabel} hidden={!open}>
        {text.cities.map((name) => (
          <li key={name}>
            <button type="button" aria-pressed={name === city} onClick={() => choose(name)}>
              {name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The search box and location picker side by side, wrapping on narrow screens. */
export function SearchControls({ children }: { children: ReactNode }) {
  return <div className={styles.controls}>{children}</div>;
}
