// Says so while the browser has no connection. Forms do not wait for it to come back: a submit
// made offline fails at once with the network's message (app.tsx), so nothing is sent unseen later.
import { useSyncExternalStore } from 'react';
import { text } from '../../contract/messages.js';
import styles from './offline.module.css';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function OfflineBanner() {
  // The server draws every page online.
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <p className={styles.banner} role="status">
      {text.offline}
    </p>
  );
}
