// The Save button under the portal's profile and schedule forms.
import { providerPortalText as t } from '../../../../contract/messages.js';
import styles from './portal.module.css';

/** `busy`: the save is under way, the button is disabled. */
export function SaveActions({ busy }: { busy: boolean }) {
  return (
    <div className={styles.formActions}>
      <button type="submit" className="btn" disabled={busy}>
        {t.save}
      </button>
    </div>
  );
}
