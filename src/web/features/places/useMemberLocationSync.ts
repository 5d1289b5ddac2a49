// A signed-in member's location follows them between browsers: the one saved on the server
// (GET /auth/me) is taken over once a page load; when the server has none yet, the one chosen in
// this browser before signing in is saved there. Later choices are saved by the location dialog.
import { useEffect } from 'react';
import type { ChosenLocation } from '../../../contract/places.js';
import { saveMemberLocation } from './api.js';
import { adoptLocation, storedLocation } from './location.js';

/** Members already synchronised on this page load. */
const synced = new Set<string>();

/** `saved`: the member's location as /auth/me has it (undefined until it has answered). */
export function useMemberLocationSync(memberId: string | undefined, saved: ChosenLocation | null | undefined) {
  useEffect(() => {
    if (!memberId || saved === undefined || synced.has(memberId)) return;
    synced.add(memberId);
    if (saved) return adoptLocation(saved);
    const local = storedLocation();
    // Not saved this time: the next page load tries again.
    if (local) saveMemberLocation(local).catch(() => synced.delete(memberId));
  }, [memberId, saved]);
}
