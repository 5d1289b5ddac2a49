// Booked By and Booked To of the Create Booking modal: a text input that searches members on the
// server (name, email or phone) and a listbox of matches, as an ARIA combobox: arrows move, Enter
// picks, Escape closes the list. Typing again drops the pick. People who cannot be booked (blocked;
// for providers also Deactive) are shown but cannot be picked.
import { forwardRef, useEffect, useState, type KeyboardEvent } from 'react';
import type { MemberRow } from '../../../../contract/admin.js';
import { adminBookingText as t, adminListText } from '../../../../contract/messages.js';
import { usePeopleSearch } from './api.js';
import styles from './bookings.module.css';

const debounceMs = 250;

interface PersonComboboxProps {
  /** `api.adminUsers` (customers) or `api.adminVendors` (providers). */
  path: string;
  /** Providers: only active ones can be booked. */
  activeOnly?: boolean;
  listLabel: string;
  placeholder: string;
  name: string;
  /** The picked member's id, '' for none. */
  value: string;
  onChange(id: string): void;
  onBlur(): void;
  /** Set by Field. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export const PersonCombobox = forwardRef<HTMLInputElement, PersonComboboxProps>(function PersonCombobox(
  { path, activeOnly = false, listLabel, placeholder, name, value, onChange, onBlur, id = name, ...aria },
  ref,
) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const people = usePeopleSearch(path, query);
  const listId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), debounceMs);
    return () => window.clearTimeout(timer);
  }, [text]);
  useEffect(() => setActive(-1), [query]);

  const searching = open && !value && query.length > 0;
  const options = searching ? (people.data ?? []) : [];
  const bookable = (person: MemberRow) => !person.isBlocked && (!activeOnly || person.status === '1');
  const expanded = options.length > 0;

  const pick = (person: MemberRow) => {
    if (!bookable(person)) return;
    setText(person.name);
    onChange(person._id);
    setOpen(false);
    setActive(-1);
  };

  const move = (step: 1 | -1) => {
    if (!expanded) return;
    let next = active;
    for (let tries = 0; tries < options.length; tries++) {
      next = (next + step + options.length) % options.length;
      if (bookable(options[next]!)) break;
    }
    setActive(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      // Pick the option rather than submit the form.
      event.preventDefault();
      pick(options[active]!);
    } else if (event.key === 'Escape' && expanded) {
      // Close the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const status = !searching
    ? ''
    : people.isFetching && !people.data
      ? t.searching
      : people.isError
        ? people.error.message
        : options.length === 0 && !people.isFetching
          ? t.noMatch
          : '';

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
        maxLength={100}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          // Typing again means choosing again.
          if (value) onChange('');
        }}
        // The list opens on typing or ArrowDown, not on focus: a field focused for its error keeps the error in view.
        onBlur={() => {
          setOpen(false);
          onBlur();
        }}
        onKeyDown={onKeyDown}
        {...aria}
      />
      <ul id={listId} role="listbox" aria-label={listLabel} className={styles.listbox} hidden={!expanded}>
        {options.map((person, i) => {
          const disabled = !bookable(person);
          return (
            <li
              key={person._id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              aria-disabled={disabled || undefined}
              className={[
                styles.option,
                i === active ? styles.optionActive : '',
                disabled ? styles.optionDisabled : '',
              ].join(' ')}
              // Keep the focus in the input; the click picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(person)}
            >
              <span className={styles.optionName}>{person.name}</span>
              <span className={styles.optionMeta}>
                {[person.email, person.phone].filter(Boolean).join(' · ')}
                {disabled &&
                  ` — ${person.isBlocked ? adminListText.blocked : adminListText.deactive}, ${t.notBookable}`}
              </span>
            </li>
          );
        })}
      </ul>
      <span id={statusId} role="status" className={status ? styles.comboStatus : 'visually-hidden'}>
        {status}
      </span>
    </div>
  );
});
