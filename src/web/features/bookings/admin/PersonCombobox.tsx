// Booked By and Booked To of the Create Booking modal: a text input that searches members on the
// server (name, email or phone) and a listbox of matches, as an ARIA combobox: arrows move, Enter
// picks, Escape closes the list. Typing again drops the pick. People who cannot be booked (blocked;
// for providers also Deactive) are shown but cannot be picked.
import { forwardRef, useState } from 'react';
import type { MemberRow } from '../../../../contract/admin.js';
import { adminBookingText as t, adminListText } from '../../../../contract/messages.js';
import { usePeopleSearch, type PeopleList } from './api.js';
import { useDebounced } from '../../../ui/useDebounced.js';
import { Combobox } from '../../../ui/Combobox.js';
import styles from './bookings.module.css';

const debounceMs = 250;

interface PersonComboboxProps {
  /** `adminLists.customers` or `adminLists.providers`. */
  list: PeopleList;
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
  { list, activeOnly = false, listLabel, placeholder, name, value, onChange, onBlur, id = name, ...aria },
  ref,
) {
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), debounceMs);
  const [open, setOpen] = useState(false);
  const people = usePeopleSearch(list, query);
  const statusId = `${id}-status`;

  const searching = open && !value && query.length > 0;
  const options = searching ? (people.data ?? []) : [];
  const bookable = (person: MemberRow) => !person.isBlocked && (!activeOnly || person.status === '1');

  const pick = (person: MemberRow) => {
    if (!bookable(person)) return;
    setText(person.name);
    onChange(person._id);
    setOpen(false);
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
    <Combobox
      inputRef={ref}
      id={id}
      name={name}
      value={text}
      maxLength={100}
      placeholder={placeholder}
      {...aria}
      listLabel={listLabel}
      listClassName={styles.people}
      options={options}
      optionKey={(person) => person._id}
      optionDisabled={(person) => !bookable(person)}
      disabledClassName={styles.optionDisabled}
      renderOption={(person) => (
        <>
          <span className={styles.optionName}>{person.name}</span>
          <span className={styles.optionMeta}>
            {[person.email, person.phone].filter(Boolean).join(' · ')}
            {!bookable(person) &&
              ` — ${person.isBlocked ? adminListText.blocked : adminListText.deactive}, ${t.notBookable}`}
          </span>
        </>
      )}
      onType={(typed) => {
        setText(typed);
        setOpen(true);
        // Typing again means choosing again.
        if (value) onChange('');
      }}
      // The list opens on typing or ArrowDown, not on focus: a field focused for its error keeps the error in view.
      onBlur={() => {
        setOpen(false);
        onBlur();
      }}
      onOpen={() => setOpen(true)}
      onPick={pick}
      onClose={() => setOpen(false)}
    >
      <span id={statusId} role="status" className={status ? styles.comboStatus : 'visually-hidden'}>
        {status}
      </span>
    </Combobox>
  );
});
