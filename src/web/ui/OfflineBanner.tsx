// Says so while the browser has no connection. A submit made offline waits for the connection
// (lib/held.ts): the banner says how many wait and offers to cancel them, and once they have been
// sent a toast says so, even when the screen that sent them has gone.
import { useEffect, useSyncExternalStore } from 'react';
import { text } from '../../contract/messages.js';
import { heldWrites } from '../lib/held.js';
import styles from './offline.module.css';
import { useToast } from './toast.js';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function OfflineBanner() {
  // The server draws every page online, with nothing waiting.
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const waiting = useSyncExternalStore(heldWrites.subscribe, heldWrites.count, () => 0);
  const sent = useSyncExternalStore(heldWrites.subscribe, heldWrites.sent, () => 0);
  const toast = useToast();
  useEffect(() => {
    if (sent === 0 || waiting > 0) return;
    toast.success(text.heldSent(sent));
    heldWrites.acknowledge();
  }, [sent, waiting, toast]);

  if (online && waiting === 0) return null;
  return (
    <div className={styles.banner} role="status">
      <p>{waiting > 0 ? text.offlineHeld(waiting) : text.offline}</p>
      {waiting > 0 && (
        <button type="button" className="btn btn-outline" onClick={heldWrites.cancelAll}>
          {text.cancelHeld}
        </button>
      )}
    </div>
  );
}
