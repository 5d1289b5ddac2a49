// A page's script or stylesheet that no longer loads: after a deploy the hashed chunks an open tab
// knows are gone, and a dropped connection fails the same way. Loading the page afresh fetches the
// new ones, so that is tried once per address; a second failure is shown to the person instead.

/** The browsers' words for a failed dynamic import, and Vite's for a stylesheet it preloads. */
const chunkFailure =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const isChunkFailure = (error: unknown): boolean => error instanceof Error && chunkFailure.test(error.message);

interface Reload {
  at: number;
  url: string;
}
const key = 'doorstep.reloadedAfterChunkFailure';
/** A reload of the same address within this long failed again: reloading once more will not help. */
const againWithinMs = 30_000;

/**
 * Loads the page afresh at the same address, unless that was already tried for it moments ago.
 * True when the page is reloading.
 */
export function reloadOnce(): boolean {
  const here = window.location.pathname + window.location.search + window.location.hash;
  let last: Reload | null = null;
  try {
    last = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Reload | null;
  } catch {
    // Storage refused (a private window's quota): no record, so the reload happens at most once more.
  }
  if (last && last.url === here && Date.now() - last.at < againWithinMs) return false;
  try {
    sessionStorage.setItem(key, JSON.stringify({ at: Date.now(), url: here }));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
