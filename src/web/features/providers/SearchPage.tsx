// /Search: heading Services, the search box (filled from `?q=` or the text the home box passed in
// navigation state, with suggestions as the typing pauses), the filters (location, service,
// distance, price, rating, a free day, order) and the matching providers: picture or placeholder,
// name, stars, (review count), charges, where and how far, and the next free slot, which opens the
// booking dialog on it. Typing keeps `?q=` in step (replacing the history entry) and every filter
// is in the URL too, so a reload, Back or a shared link shows the same search. A signed-in
// member's search is recorded once the typing pauses, never per key press.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { discoveryText as d, notice, providerText as t, text } from '../../../contract/messages.js';
import { filterKeys, providerCardPath, routes, searchAreaKeys } from '../../../contract/paths.js';
import type { Suggestion } from '../../../contract/providers.js';
import { useMemberSession } from '../../lib/session.js';
import noticeStyles from '../../ui/notice.module.css';
import { QueryState, ShowMore } from '../../ui/states.js';
import { useDebounced } from '../../ui/useDebounced.js';
import { listTotal, useProviderSearch, useRecordSearch } from './api.js';
import { activeFilters, discoveryQuery, withFilter, withSlotBooking } from './discovery.js';
import { DiscoveryFilters } from './DiscoveryFilters.js';
import { ProviderTile, TileGrid } from './ProviderTile.js';
import { SearchBox } from './SearchBox.js';
import { SlotBooking } from './SlotBooking.js';
import { useDiscovery } from './useDiscovery.js';
import styles from './search.module.css';

/** Wait this long after the last key press before asking for results… */
const searchDelayMs = 250;
/** …and this long before recording the search, so not every key press is recorded. */
const recordDelayMs = 700;
/** The server's limit (searchLimits.maxLength in contract/providers.ts). */
const maxLength = 100;
const firstRow = 4;

export default function SearchPage() {
  const { params, discovery, update } = useDiscovery();
  const location = useLocation();
  const navigate = useNavigate();
  const member = useMemberSession();
  const boxId = useId();
  const urlText = params.get('q') ?? '';
  const stateText = (location.state as { text?: unknown } | null)?.text;
  const [value, setValue] = useState(() =>
    (urlText || (typeof stateText === 'string' ? stateText : '')).slice(0, maxLength),
  );
  const written = useRef(urlText);
  const input = useRef<HTMLInputElement>(null);

  // Arriving from the home box, the typing goes on here, after what was typed there. A layout
  // effect: the box has the focus in the task that puts the page on screen (the navigation's
  // flushSync), so no key press can fall between the home box leaving and this one taking over.
  useLayoutEffect(() => {
    const box = input.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);

  // The URL follows the box (one history entry for the whole search)…
  useEffect(() => {
    const q = value.trim();
    if (q === written.current) return;
    written.current = q;
    update((current) => withFilter(current, 'q', q), 'replace');
  }, [value, update]);

  // …and the box follows a URL changed from elsewhere (a link to /Search?q=…).
  useEffect(() => {
    if (urlText !== written.current) {
      written.current = urlText;
      setValue(urlText);
    }
  }, [urlText]);

  const typed = useDebounced(value.trim(), searchDelayMs);
  const filters = discoveryQuery({ ...discovery, text: typed }, true);
  const search = useProviderSearch(filters);
  const items = search.data?.pages.flatMap((page) => page.data) ?? [];
  const count = listTotal(search.data?.pages) ?? { total: items.length, more: false };
  const shownFor = search.data ? (search.isPlaceholderData ? null : typed) : null;
  const filtered = activeFilters(discovery, true) > 0;
  const near = discovery.area ? ` · ${d.nearLabel(discovery.area.label)}` : '';

  // What a signed-in member searched for, once the typing has paused; each text once.
  const toRecord = useDebounced(value.trim(), recordDelayMs, '');
  const recorded = useRef('');
  const record = useRecordSearch();
  const recordSearch = record.mutate;
  const memberId = member?.user._id;
  useEffect(() => {
    if (!memberId || !toRecord || toRecord === recorded.current) return;
    recorded.current = toRecord;
    // A refused record (too many a minute) does not concern the person searching.
    recordSearch({ user_id: memberId, text: toRecord }, { onError: () => undefined });
  }, [memberId, toRecord, recordSearch]);

  /** A service opens its providers with the same area and filters; a provider opens its page. */
  function pick(suggestion: Suggestion) {
    if (suggestion.kind === 'provider') return void navigate(providerCardPath(suggestion));
    const next = new URLSearchParams({ service: suggestion._id });
    for (const key of [...searchAreaKeys, ...filterKeys]) {
      const kept = params.get(key);
      if (kept !== null && key !== 'category') next.set(key, kept);
    }
    void navigate(`${routes.servicesBooking}?${next.toString()}`);
  }

  return (
    <section className={`container page ${styles.page}`} aria-labelledby="search-heading">
      <title>{`${text.servicesHeading} · ${text.brand}`}</title>
      <h1 id="search-heading">{text.servicesHeading}</h1>
      <DiscoveryFilters
        discovery={discovery}
        rawMin={params.get('minPrice') ?? ''}
        rawMax={params.get('maxPrice') ?? ''}
        withCategory
        update={update}
        leading={
          <form role="search" className={`field ${styles.form}`} onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={boxId} className="visually-hidden">
              {t.searchLabel}
            </label>
            <SearchBox
              inputRef={input}
              id={boxId}
              value={value}
              maxLength={maxLength}
              placeholder={text.searchPlaceholder}
              onType={setValue}
              onPick={pick}
            />
          </form>
        }
      />

      <QueryState query={search} keepData isEmpty={() => items.length === 0}>
        {() => (
          <div aria-busy={search.isPlaceholderData || undefined}>
            <p className={styles.summary} aria-live="polite">
              {shownFor === null
                ? text.loading
                : shownFor
                  ? `${d.resultCount(count.total, count.more)} · ${t.resultsFor} “${shownFor}”${near}`
                  : filtered || near
                    ? `${d.resultCount(count.total, count.more)}${near}`
                    : t.allProviders}
            </p>
            {items.length === 0 ? (
              <div className={`${noticeStyles.empty} ${styles.empty}`}>
                <p>{typed ? t.noResults(typed) : filtered ? d.noMatch : text.empty}</p>
                <p className="muted">{notice.notSearchData}</p>
              </div>
            ) : (
              <>
                <TileGrid label={t.resultsFor + (typed ? ` “${typed}”` : '')}>
                  {items.map((item, index) => (
                    <li key={item._id}>
                      <ProviderTile
                        provider={item.user_id}
                        to={providerCardPath(item.user_id)}
                        eager={index < firstRow}
                        city={item.city}
                        distanceKm={item.distanceKm}
                        nextSlot={item.nextSlot}
                        slotTo={
                          item.nextSlot ? `?${withSlotBooking(params, item._id, item.nextSlot).toString()}` : undefined
                        }
                        oneDay={Boolean(discovery.date)}
                      />
                    </li>
                  ))}
                </TileGrid>
                <ShowMore query={search} showError className={styles.more} />
              </>
            )}
          </div>
        )}
      </QueryState>

      <SlotBooking params={params} serviceId={discovery.category} update={update} />
    </section>
  );
}
