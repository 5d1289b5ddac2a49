// The /Search box: what is typed stays exactly as typed (the page searches as it changes), and
// after a short pause up to 8 suggestions come under it, as an ARIA combobox (ui/Combobox): arrows
// move, Enter picks, Escape closes the list. A service opens its providers, a provider its dialog.
// The list opens on typing or ArrowDown, not on focus: the page focuses the box when it opens.
import { useState, type Ref } from 'react';
import { discoveryText as t } from '../../../contract/messages.js';
import type { Suggestion } from '../../../contract/providers.js';
import { Combobox } from '../../ui/Combobox.js';
import { useDebounced } from '../../ui/useDebounced.js';
import { suggestMinLength, useSuggestions } from './api.js';
import styles from './search.module.css';

const suggestDelayMs = 200;

interface SearchBoxProps {
  inputRef?: Ref<HTMLInputElement>;
  id: string;
  value: string;
  maxLength: number;
  placeholder: string;
  onType(text: string): void;
  onPick(suggestion: Suggestion): void;
}

export function SearchBox({ inputRef, id, value, maxLength, placeholder, onType, onPick }: SearchBoxProps) {
  const [open, setOpen] = useState(false);
  const query = useDebounced(value.trim(), suggestDelayMs);
  const suggestions = useSuggestions(query);
  const options = open && value.trim().length >= suggestMinLength ? (suggestions.data ?? []) : [];

  return (
    <Combobox<Suggestion>
      inputRef={inputRef}
      id={id}
      name="q"
      type="search"
      enterKeyHint="search"
      value={value}
      maxLength={maxLength}
      placeholder={placeholder}
      listLabel={t.suggestions}
      options={options}
      optionKey={(s) => `${s.kind}:${s._id}`}
      renderOption={(s) => (
        <span className={styles.suggestion}>
          <span>{s.label}</span>
          <span className={styles.kind}>{t.suggestionKinds[s.kind]}</span>
        </span>
      )}
      onType={(text) => {
        onType(text);
        setOpen(true);
      }}
      onBlur={() => setOpen(false)}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onPick={(s) => {
        setOpen(false);
        onPick(s);
      }}
    />
  );
}
