// The one way to choose where to look for providers: a button (the header's, the home hero's, the
// discovery pages' filter panel) that opens the location dialog. The dialog is its own chunk,
// loaded on the first open (or when the pointer or the focus reaches the button).
import { lazy, Suspense, useState } from 'react';
import { placesText } from '../../../contract/messages.js';
import { useChosenLocation } from './location.js';
import { PinIcon } from './PinIcon.js';
import styles from './places.module.css';

const loadDialog = () => import('./LocationDialog.js');
const LocationDialog = lazy(loadDialog);

interface LocationButtonProps {
  /** `hero`: 'Choose your location · Dallas'; `compact`: the pin and the location alone. */
  look: 'hero' | 'compact';
  /** What to show instead of the stored choice (a page showing the location of its URL). */
  label?: string | null;
  className?: string;
}

export function LocationButton({ look, label, className }: LocationButtonProps) {
  const chosen = useChosenLocation();
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so that closing gives the focus back to this button.
  const [mounted, setMounted] = useState(false);
  const shown = label === undefined ? (chosen?.label ?? null) : label;
  const warm = () => void loadDialog();

  return (
    <>
      <button
        type="button"
        className={[
          'btn btn-outline',
          look === 'hero' ? styles.hero : styles.compact,
          !shown && look === 'compact' ? styles.unset : '',
          className ?? '',
        ].join(' ')}
        aria-haspopup="dialog"
        // The hero's words name it ('Choose your location · Dallas'): a label of its own would not
        // hold what is seen, which those who speak to their screen reader say.
        aria-label={look === 'hero' ? undefined : shown ? placesText.locationIs(shown) : placesText.chooseLocation}
        title={shown ? placesText.locationIs(shown) : undefined}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <PinIcon />
        {look === 'hero' ? (
          <>
            <span>{placesText.chooseLocation}</span>
            {shown && <span className={styles.heroChoice}>{` · ${shown}`}</span>}
          </>
        ) : (
          <span className={styles.label}>{shown ?? placesText.chooseLocation}</span>
        )}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <LocationDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
