// Whether the page's script has taken over the markup the server drew. Until then a button does
// nothing, and a form would be sent by the browser itself (its fields in the URL): the forms of
// the drawn pages keep their submit button disabled until this turns true.
import { useSyncExternalStore } from 'react';

let hydrated = false;
const listeners = new Set<() => void>();

/** Called once the app is mounted; marks <html data-ready> (browser tests wait for it). */
export function markHydrated() {
  hydrated = true;
  document.documentElement.dataset.ready = '';
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
