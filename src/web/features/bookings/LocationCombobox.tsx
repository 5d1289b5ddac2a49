// The booking dialog's Location: a text input with address suggestions (the member's earlier
// addresses, then places of the served cities), as an ARIA combobox with a listbox: arrows move,
// Enter picks, Escape closes the list; typing is debounced.
import { forwardRef, useState } from 'react';
import { bookingText } from '../../../contract/messages.js';
import type { PortalCity } from '../../../contract/places.js';
import { placesQueryMin, usePlaceSuggestions } from './api.js';
import { useDebounced } from '../../ui/useDebounced.js';
import { Combobox } from '../../ui/Combobox.js';

const debounceMs = 250;

interface LocationComboboxProps {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  /** A suggestion was chosen (after onChange with it). */
  onPick?(value: string): void;
  /** Where a street typed without its city is read (the customer's city, else the provider's). */
  city?: PortalCity;
  name: string;
  maxLength: number;
  placeholder?: string;
  /** Set by Field. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export const LocationCombobox = forwardRef<HTMLInputElement, LocationComboboxProps>(function LocationCombobox(
  { value, onChange, onBlur, onPick, city, name, maxLength, placeholder, id = 'location', ...aria },
  ref,
) {
  const [open, setOpen] = useState(false);
  const query = useDebounced(value.trim(), debounceMs);
  const suggestions = usePlaceSuggestions(query, city);
  const items = query.length >= placesQueryMin && open ? (suggestions.data ?? []) : [];
  // The list from before the last keystroke may not match what is typed now.
  const shown = items.filter((s) => s.description !== value);

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
      optionKey={(s) => s.description}
      renderOption={(s) => s.description}
      onType={(text) => {
        onChange(text);
        setOpen(true);
      }}
      onFocus={() => setOpen(true)}
      onBlur={() => {
        setOpen(false);
        onBlur();
      }}
      onOpen={() => setOpen(true)}
      onPick={(s) => {
        onChange(s.description);
        setOpen(false);
        onPick?.(s.description);
      }}
      onClose={() => setOpen(false)}
    />
  );
});
