// A discovery page's filters from its URL, and the URL kept in step with the chosen location: a
// page opened without an area takes the chosen one (replacing the history entry, so a reload or a
// shared link shows the same list); a location chosen on the page (the header's button or the
// filter panel's) becomes the page's area. An area in the URL (a shared link) otherwise stays.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { sameArea, searchAreaOf, useChosenLocation, useLocationChoices, withSearchArea } from '../places/index.js';
import { readDiscovery } from './discovery.js';

export type UrlChange = (params: URLSearchParams) => URLSearchParams;

/** `followArea`: whether the page lists providers now (the booking page without a service does not). */
export function useDiscovery(followArea = true) {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const discovery = useMemo(() => readDiscovery(params), [params]);
  const chosen = useChosenLocation();
  const choices = useLocationChoices();
  const seenChoices = useRef(choices);
  const area = discovery.area;

  /** A filter changed: a new history entry (`replace` for typing, so Back is not one key press). */
  const update = useCallback(
    (change: UrlChange, how: 'push' | 'replace' = 'push') =>
      setParams((current) => change(current), { replace: how === 'replace', state }),
    [setParams, state],
  );

  useEffect(() => {
    if (!followArea) return;
    const wanted = chosen ? searchAreaOf(chosen) : null;
    if (choices !== seenChoices.current) {
      seenChoices.current = choices;
      if (!sameArea(wanted, area)) update((current) => withArea(current, wanted));
    } else if (!area && wanted) update((current) => withArea(current, wanted), 'replace');
  }, [followArea, chosen, choices, area, update]);

  return { params, discovery, update };
}

/** A new area; without one, the distance filter and order go too. */
function withArea(params: URLSearchParams, area: ReturnType<typeof searchAreaOf> | null): URLSearchParams {
  const next = withSearchArea(params, area);
  if (!area) {
    next.delete('radiusKm');
    if (next.get('sort') === 'distance') next.delete('sort');
  }
  return next;
}
