// The filter panel of /Search and /Services_booking: the location (the location dialog), the
// service (search only), distance (with a location), price range, minimum rating, a day the
// provider is free, and the order. Every change goes to the URL (useDiscovery); prices wait for
// the typing to pause. On a phone the panel folds behind a 'Filters' button.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { discoveryText as t } from '../../../contract/messages.js';
import type { bookingLimits } from '../../../contract/bookings.js';
import { isoDay } from '../../lib/dates.js';
import { radius } from '../../lib/format.js';
import { DatePicker } from '../../ui/DatePicker.js';
import { Icon } from '../../ui/Icon.js';
import { useDebounced } from '../../ui/useDebounced.js';
import { useCategories } from '../catalogue/index.js';
import { LocationButton } from '../places/index.js';
import {
  activeFilters,
  distanceChoices,
  ratingChoices,
  sortChoices,
  withFilter,
  withoutFilters,
  type Discovery,
  type FilterKey,
} from './discovery.js';
import styles from './discovery.module.css';
import type { UrlChange } from './useDiscovery.js';

/** The booking window: a day further on has no free slot to filter by. */
const daysAhead: (typeof bookingLimits)['maxDaysAhead'] = 90;
const priceDelayMs = 600;

interface DiscoveryFiltersProps {
  discovery: Discovery;
  /** The prices as the URL has them (the boxes show what was typed, even a clash). */
  rawMin: string;
  rawMax: string;
  /** /Search filters by service too; /Services_booking has its service in the path. */
  withCategory: boolean;
  update(change: UrlChange, how?: 'push' | 'replace'): void;
  /** First in the bar (the search box of /Search). */
  leading?: ReactNode;
}

export function DiscoveryFilters({
  discovery: d,
  rawMin,
  rawMax,
  withCategory,
  update,
  leading,
}: DiscoveryFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const count = activeFilters(d, withCategory);
  const set = (key: FilterKey, value: string | number | null) => update((p) => withFilter(p, key, value));
  const today = new Date();
  const lastDay = new Date(today.getFullYear(), today.getMonth(), today.getDate() + daysAhead);
  const panelId = `${id}-panel`;
  const clear = (where: string | undefined) =>
    count > 0 && (
      <button
        type="button"
        className={`link-button ${styles.clear} ${where}`}
        onClick={() => update((p) => withoutFilters(p, !withCategory))}
      >
        {t.clearFilters}
      </button>
    );

  return (
    <div className={styles.filters}>
      <div className={styles.bar}>
        {leading && <div className={styles.leading}>{leading}</div>}
        <LocationButton look="compact" label={d.area?.label ?? null} className={styles.location} />
        {clear(styles.onWide)}
        <button
          type="button"
          className={`btn btn-outline ${styles.toggle}`}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <FilterIcon />
          {t.filtersWithCount(count)}
        </button>
      </div>

      <section id={panelId} className={styles.panel} data-open={open || undefined} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="visually-hidden">
          {t.filters}
        </h2>
        {withCategory && <CategoryFilter value={d.category} onChange={(value) => set('category', value)} />}

        <div className="field">
          <label htmlFor={`${id}-distance`}>{t.distance}</label>
          <select
            id={`${id}-distance`}
            value={d.radiusKm ?? ''}
            disabled={!d.area}
            aria-describedby={d.area ? undefined : `${id}-distance-hint`}
            onChange={(e) => set('radiusKm', e.target.value)}
          >
            <option value="">{t.anyDistance}</option>
            {distanceChoices.map((km) => (
              <option key={km} value={km}>
                {t.within(radius(km))}
              </option>
            ))}
          </select>
          {!d.area && (
            <small id={`${id}-distance-hint`} className="field-hint">
              {t.distanceNeedsLocation}
            </small>
          )}
        </div>

        <PriceFilter rawMin={rawMin} rawMax={rawMax} clash={d.priceClash} update={update} />

        <div className="field">
          <label htmlFor={`${id}-rating`}>{t.rating}</label>
          <select id={`${id}-rating`} value={d.minRating ?? ''} onChange={(e) => set('minRating', e.target.value)}>
            <option value="">{t.anyRating}</option>
            {ratingChoices.map((stars) => (
              <option key={stars} value={stars}>
                {t.ratingAtLeast(stars)}
              </option>
            ))}
          </select>
        </div>

        <div className="field">
          <label id={`${id}-date-label`} htmlFor={`${id}-date`}>
            {t.availableOn}
          </label>
          <DatePicker
            id={`${id}-date`}
            label={t.availableOn}
            value={d.date ?? ''}
            min={isoDay(today)}
            max={isoDay(lastDay)}
            optional
            onChange={(day) => set('date', day || null)}
          />
        </div>

        <div className={`field ${styles.sort}`}>
          <label htmlFor={`${id}-sort`}>{t.sort}</label>
          <select
            id={`${id}-sort`}
            value={d.sort ?? 'match'}
            onChange={(e) => set('sort', e.target.value === 'match' ? null : e.target.value)}
          >
            {sortChoices
              .filter((sort) => sort !== 'distance' || d.area)
              .map((sort) => (
                <option key={sort} value={sort}>
                  {t.sorts[sort]}
                </option>
              ))}
          </select>
        </div>

        {clear(styles.onNarrow)}
      </section>
    </div>
  );
}

function CategoryFilter({ value, onChange }: { value: string | null; onChange(value: string | null): void }) {
  const id = useId();
  const categories = useCategories();
  return (
    <div className="field">
      <label htmlFor={id}>{t.category}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{t.allCategories}</option>
        {(categories.data ?? []).map((category) => (
          <option key={category._id} value={category._id}>
            {category.title}
          </option>
        ))}
        {/* A service from a link before the list has come (or one no longer listed). */}
        {value && !categories.data?.some((c) => c._id === value) && <option value={value}>{t.category}</option>}
      </select>
    </div>
  );
}

/** Lowest and highest price in dollars, applied once the typing pauses. */
function PriceFilter({
  rawMin,
  rawMax,
  clash,
  update,
}: Pick<DiscoveryFiltersProps, 'rawMin' | 'rawMax' | 'update'> & { clash: boolean }) {
  const id = useId();
  const [min, setMin] = useState(rawMin);
  const [max, setMax] = useState(rawMax);
  const written = useRef(`${rawMin}|${rawMax}`);
  const typed = useDebounced(`${min.trim()}|${max.trim()}`, priceDelayMs);

  // The URL follows the boxes once the typing pauses…
  useEffect(() => {
    if (typed === written.current) return;
    written.current = typed;
    const [lo = '', hi = ''] = typed.split('|');
    update((p) => withFilter(withFilter(p, 'minPrice', lo), 'maxPrice', hi), 'replace');
  }, [typed, update]);

  // …and the boxes follow a URL changed elsewhere (Back, Clear filters).
  const url = `${rawMin}|${rawMax}`;
  useEffect(() => {
    if (url === written.current) return;
    written.current = url;
    setMin(rawMin);
    setMax(rawMax);
  }, [url, rawMin, rawMax]);

  const errorId = `${id}-error`;
  return (
    <fieldset className={styles.price} aria-describedby={clash ? errorId : undefined}>
      <legend>{t.price}</legend>
      <div className={styles.priceRow}>
        <PriceBox
          id={`${id}-min`}
          label={t.minPrice}
          placeholder={t.minPricePlaceholder}
          value={min}
          invalid={clash}
          onChange={setMin}
        />
        <span aria-hidden="true">–</span>
        <PriceBox
          id={`${id}-max`}
          label={t.maxPrice}
          placeholder={t.maxPricePlaceholder}
          value={max}
          invalid={clash}
          onChange={setMax}
        />
      </div>
      {clash && (
        <small id={errorId} className="field-error" role="alert">
          {t.priceRangeInvalid}
        </small>
      )}
    </fieldset>
  );
}

interface PriceBoxProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}

function PriceBox({ id, label, placeholder, value, invalid, onChange }: PriceBoxProps) {
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder={placeholder}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}

function FilterIcon() {
  return <Icon size={18} path="M3 5h18v2H3zm3 6h12v2H6zm4 6h4v2h-4z" />;
}
