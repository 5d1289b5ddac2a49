// The booking dialog's Location: a text input with address suggestions (the member's earlier
// addresses, then places of the served cities), as an ARIA combobox with a listbox: arrows move,
// Enter picks, Escape closes the list; typing is debounced.
import { forwardRef, useEffect, useState } from 'react';
import { bookingText } from '../../../contract/messages.js';
import { placesQueryMin, usePlaceSuggestions } from './api.js';
import { Combobox } from './Combobox.js';

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
  const active = activeText === null ? -1 : shown.findIndex((s) => s.description === activeText);
  const choose = (description: string) => {
    onChange(description);
    setOpen(false);
    setActiveText(null);
  };
  const highlight = (i: number) => setActiveText(shown[i]?.description ?? null);

  const move = (step: 1 | -1) => {
    if (!shown.length) return;
    if (step === 1) highlight((active + 1) % shown.length);
    else highlight(active <= 0 ? shown.length - 1 : active - 1);
  };

  return (
    <Combobox
      inputRef={ref}
      id={id}
      name={name}
      value={value}
      maxLength={maxLength}
      placeholder={placeholder}
      {...aria}
      listLabel={bookingText.suggestions}
      options={shown}
      active={active}
      optionKey={(s) => s.description}
      renderOption={(s) => s.description}
      onType={(text) => {
        onChange(text);
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
      onOpen={() => setOpen(true)}
      onMove={move}
      onPick={(s) => choose(s.description)}
      onClose={() => {
        setOpen(false);
        setActiveText(null);
      }}
    />
  );
});
