// /Search: heading Services, the search box (filled from `?q=` or the text the
// home box passed in navigation state), and the matching providers: picture or placeholder,
// name, stars, (review count) and charges, each opening the provider. Typing keeps `?q=` in step
// (replacing the history entry), so a reload or Back shows the same search. A signed-in member's
// search is recorded once the typing pauses, never per key press.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { notice, providerText as t, text } from '../../../contract/messages.js';
import { useMemberSession } from '../../lib/session.js';
import { Field } from '../../ui/Field.js';
import { useDebounced } from '../../ui/useDebounced.js';
import noticeStyles from '../../ui/notice.module.css';
import { QueryState, ShowMore } from '../../ui/states.js';
import { providerPath, useProviderSearch, useRecordSearch } from './api.js';
import { ProviderTile, TileGrid } from './ProviderTile.js';
import styles from './search.module.css';

/** Wait this long after the last key press before asking for results… */
const searchDelayMs = 250;
/** …and this long before recording the search (the spec recorded every key press). */
const recordDelayMs = 700;
/** The server's limit (searchLimits.maxLength in contract/providers.ts). */
const maxLength = 100;
const firstRow = 4;

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const member = useMemberSession();
  const urlText = params.get('q') ?? '';
  const stateText = (location.state as { text?: unknown } | null)?.text;
  const [value, setValue] = useState(() =>
    (urlText || (typeof stateText === 'string' ? stateText : '')).slice(0, maxLength),
  );
  const written = useRef(urlText);
  const input = useRef<HTMLInputElement>(null);

  // Arriving from the home box, the typing goes on here, after what was typed there.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);

  useEffect(() => {
    document.title = `${text.servicesHeading} · ${text.brand}`;
  }, []);

  // The URL follows the box (one history entry for the whole search)…
  useEffect(() => {
    const q = value.trim();
    if (q === written.current) return;
    written.current = q;
    setParams(q ? { q } : {}, { replace: true, state: location.state });
  }, [value, setParams, location.state]);

  // …and the box follows a URL changed from elsewhere (a link to /Search?q=…).
  useEffect(() => {
    if (urlText !== written.current) {
      written.current = urlText;
      setValue(urlText);
    }
  }, [urlText]);

  const query = useDebounced(value.trim(), searchDelayMs);
  const search = useProviderSearch(query);
  const items = search.data?.pages.flatMap((page) => page.data) ?? [];
  const total = search.data?.pages[0]?.meta?.total ?? items.length;
  const shownFor = search.data ? (search.isPlaceholderData ? null : query) : null;

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

  return (
    <section className={`container page ${styles.page}`} aria-labelledby="search-heading">
      <h1 id="search-heading">{text.servicesHeading}</h1>
      <form role="search" className={styles.form} onSubmit={(event) => event.preventDefault()}>
        <Field label={t.searchLabel} hideLabel>
          <input
            ref={input}
            type="search"
            name="q"
            value={value}
            maxLength={maxLength}
            placeholder={text.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => setValue(event.target.value)}
          />
        </Field>
      </form>

      <QueryState query={search} keepData isEmpty={() => items.length === 0}>
        {() => (
          <div aria-busy={search.isPlaceholderData || undefined}>
            <p className={styles.summary} aria-live="polite">
              {shownFor === null
                ? text.loading
                : shownFor
                  ? `${t.resultCount(total)} · ${t.resultsFor} “${shownFor}”`
                  : t.allProviders}
            </p>
            {items.length === 0 ? (
              <div className={`${noticeStyles.empty} ${styles.empty}`}>
                <p>{query ? t.noResults(query) : text.empty}</p>
                <p className="muted">{notice.notSearchData}</p>
              </div>
            ) : (
              <>
                <TileGrid label={t.resultsFor + (query ? ` “${query}”` : '')}>
                  {items.map((item, index) => (
                    <li key={item._id}>
                      <ProviderTile provider={item.user_id} to={providerPath(item._id)} eager={index < firstRow} />
                    </li>
                  ))}
                </TileGrid>
                <ShowMore query={search} showError className={styles.more} />
              </>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}
