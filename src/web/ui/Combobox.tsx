// A text input with a listbox of suggestions, as an ARIA combobox (the booking dialog's Location,
// the Create Booking modal's people, the search box's suggestions, the location dialog's places):
// arrows move, Enter picks, Escape closes the list (not the dialog), a click picks without taking
// the focus from the input. What the list holds is the caller's. The highlight is kept by the
// option's key rather than its place: the list can be replaced while an option is highlighted (the
// answer to a newer query arriving), and the highlight then stays on that option if the new list
// still has it, and is gone if not; never on another.
import { useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import styles from './Combobox.module.css';

export interface ComboboxProps<Option> {
  inputRef?: Ref<HTMLInputElement>;
  id: string;
  name: string;
  /** The text in the input. */
  value: string;
  maxLength: number;
  placeholder?: string;
  /** `search` for a search box (the default is `text`). */
  type?: 'text' | 'search';
  enterKeyHint?: 'search' | 'done' | 'go';
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  listLabel: string;
  listClassName?: string;
  /** The options shown; the list is expanded when there are any. */
  options: readonly Option[];
  optionKey(option: Option): string;
  renderOption(option: Option): ReactNode;
  /** Options shown that cannot be picked (marked aria-disabled, with `disabledClassName`; the arrows skip them). */
  optionDisabled?(option: Option): boolean;
  disabledClassName?: string;
  onType(text: string): void;
  onFocus?(): void;
  /** The input lost the focus (the list should close). */
  onBlur(): void;
  /** ArrowDown: the list opens (before the highlight moves). */
  onOpen(): void;
  onPick(option: Option): void;
  /** Escape with the list open. */
  onClose(): void;
  /** After the list (a status line). */
  children?: ReactNode;
}

export function Combobox<Option>({
  inputRef,
  id,
  name,
  value,
  maxLength,
  placeholder,
  type = 'text',
  enterKeyHint,
  listLabel,
  listClassName,
  options,
  optionKey,
  renderOption,
  optionDisabled = () => false,
  disabledClassName,
  onType,
  onFocus,
  onBlur,
  onOpen,
  onPick,
  onClose,
  children,
  ...aria
}: ComboboxProps<Option>) {
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const active = activeKey === null ? -1 : options.findIndex((option) => optionKey(option) === activeKey);
  const expanded = options.length > 0;
  const listId = `${id}-listbox`;
  const optionId = (i: number) => `${listId}-${i}`;
  const highlighted = expanded && active >= 0 ? options[active] : undefined;

  /** One option down (1) or up (-1), past the ones that cannot be picked, round the list. */
  const move = (step: 1 | -1) => {
    let next = active >= 0 ? active : step === 1 ? -1 : options.length;
    for (let tries = 0; tries < options.length; tries++) {
      next = (next + step + options.length) % options.length;
      const option = options[next];
      if (option !== undefined && !optionDisabled(option)) {
        setActiveKey(optionKey(option));
        return;
      }
    }
  };
  const pick = (option: Option) => {
    setActiveKey(null);
    onPick(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      onOpen();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter' && highlighted !== undefined) {
      // Pick the option rather than submit the form.
      event.preventDefault();
      pick(highlighted);
    } else if (event.key === 'Escape' && expanded) {
      // Close the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setActiveKey(null);
      onClose();
    }
  };

  return (
    <div className={styles.combo}>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        enterKeyHint={enterKeyHint}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={highlighted !== undefined ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          // A keystroke takes the highlight back to the text.
          setActiveKey(null);
          onType(event.target.value);
        }}
        onFocus={onFocus}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        {...aria}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={listLabel}
        className={listClassName ? `${styles.listbox} ${listClassName}` : styles.listbox}
        hidden={!expanded}
      >
        {options.map((option, i) => {
          const disabled = optionDisabled(option);
          return (
            <li
              key={optionKey(option)}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              aria-disabled={disabled || undefined}
              className={[styles.option, i === active && styles.optionActive, disabled && disabledClassName]
                .filter(Boolean)
                .join(' ')}
              // Keep the focus in the input; the click picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              {renderOption(option)}
            </li>
          );
        })}
      </ul>
      {children}
    </div>
  );
}
