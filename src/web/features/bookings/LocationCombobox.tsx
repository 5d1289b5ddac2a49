// The booking dialog's Location: a text input with address suggestions (the member's earlier
// addresses, then places of the served cities), as an ARIA combobox with a listbox: arrows move,
// Enter picks, Escape closes the list; typing is debounced.
import { forwardRef, useEffect, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { bookingText } from '../../../contract/messages.js';
import { placesQueryMin, usePlaceSuggestions } from './api.js';
import styles from './bookings.module.css';

const debounceMs = 250;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface LocationComboboxProps {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  name: string;
  maxLength: number;
  placeholder?: string;
  /** Set by Field. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export const LocationCombobox = forwardRef<HTMLInputElement, LocationComboboxProps>(function LocationCombobox(
  { value, onChange, onBlur, name, maxLength, placeholder, id = 'location', ...aria },
  ref,
) {
  const [open, setOpen] = useState(false);
  // The highlighted suggestion, by its text rather than its place: the list can be replaced while
  // it is highlighted (the answer to a newer query arriving), and the highlight then stays on
  // that suggestion if the new list still has it, and is gone if not; never on another one.
  const [activeText, setActiveText] = useState<string | null>(null);
  const query = useDebounced(value.trim(), debounceMs);
  const suggestions = usePlaceSuggestions(query);
  const items = query.length >= placesQueryMin && open ? (suggestions.data ?? []) : [];
  // The list from before the last keystroke may not match what is typed now.
  const shown = items.filter((s) => s.description !== value);
  const expanded = shown.length > 0;
  const active = activeText === null ? -1 : shown.findIndex((s) => s.description === activeText);
  const listId = `${id}-listbox`;
  const optionId = (i: number) => `${listId}-${i}`;

  const choose = (description: string) => {
    onChange(description);
    setOpen(false);
    setActiveText(null);
  };
  const highlight = (i: number) => setActiveText(shown[i]?.description ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (shown.length) highlight((active + 1) % shown.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown.length) highlight(active <= 0 ? shown.length - 1 : active - 1);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      // Pick the suggestion instead of submitting the form.
      event.preventDefault();
      choose(shown[active]!.description);
    } else if (event.key === 'Escape' && expanded) {
      // Close the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActiveText(null);
    }
  };

  return (
    <div className={styles.combo}>
      <input
        ref={ref}
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          onChange(event.target.value);
          setOpen(true);
          // A keystroke takes the highlight back to the text (the debounced query catching up
          // later does not: a suggestion picked meanwhile stays picked).
          setActiveText(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur();
        }}
        onKeyDown={onKeyDown}
        {...aria}
      />
      <ul id={listId} role="listbox" aria-label={bookingText.suggestions} className={styles.listbox} hidden={!expanded}>
        {shown.map((s, i) => (
          <li
            key={s.description}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? `${styles.option} ${styles.optionActive}` : styles.option}
            // Keep the focus in the input; the click picks.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(s.description)}
          >
            {s.description}
          </li>
        ))}
      </ul>
    </div>
  );
});
