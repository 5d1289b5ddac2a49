// The hero's two controls: the search box (every key press goes to /Search with the text,
// where the typing goes on with suggestions) and 'Choose your location'.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Field } from '../../ui/Field.js';
import { LocationButton } from '../places/index.js';
import styles from './home.module.css';

/** What /Search receives in navigation state. */
export interface SearchState {
  text: string;
}

export function HomeSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');

  /**
   * No letter may fall between this box and /Search's. Until /Search is on screen (its code may
   * still be loading) this box keeps the letters, and each one navigates again with the whole
   * text, which replaces the navigation under way. `flushSync` then renders /Search, which
   * focuses its box, in the same task as the navigation ends, so no key press comes between the
   * two. `q` is the text as typed, a trailing space included: /Search prefers it to the state.
   */
  function go(typed: string) {
    if (!typed.trim()) return;
    const state: SearchState = { text: typed };
    void navigate(`${routes.search}?q=${encodeURIComponent(typed)}`, { state, flushSync: true });
  }

  return (
    <form
      role="search"
      // Before the script runs (or without it) the browser sends the text to /Search itself.
      action={routes.search}
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

/** 'Choose your location': the location dialog of the served cities, a place or the browser's position. */
export function ChooseLocation() {
  return <LocationButton look="hero" />;
}

/** The search box and location picker side by side, wrapping on narrow screens. */
export function SearchControls({ children }: { children: ReactNode }) {
  return <div className={styles.controls}>{children}</div>;
}
