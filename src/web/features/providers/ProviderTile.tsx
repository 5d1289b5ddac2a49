// A provider as lists show it (/Services_booking, /Search, /Favorites): picture or placeholder,
// name, stars with the review count, the price (its cheapest line: "from $40 / hour"), where it is based (its area: never the street)
// and how far away, all one link
// to the provider's dialog; then, in the discovery lists, its next free slot as a button that opens
// the booking dialog on that slot. `children` go below (the Favorites page's Remove).
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProviderCard } from '../../../contract/catalogue.js';
import { discoveryText as t, providerPortalText } from '../../../contract/messages.js';
import type { PortalCity } from '../../../contract/portal.js';
import type { NextSlot } from '../../../contract/providers.js';
import { distance, money, unitPrice } from '../../lib/format.js';
import { Icon } from '../../ui/Icon.js';
import { CardImage, RatingLine } from '../catalogue/index.js';
import { slotLabel } from './discovery.js';
import styles from './providers.module.css';

interface ProviderTileProps {
  provider: Pick<ProviderCard, '_id' | 'name' | 'image' | 'rating' | 'reviewCount'> &
    Partial<Pick<ProviderCard, 'charges' | 'fromPrice' | 'area'>>;
  to: string;
  /** Replace the history entry (the booking page opens its own dialog). */
  replace?: boolean;
  eager?: boolean;
  children?: ReactNode;
  dimmed?: boolean;
  /** The city the provider is based in, when the card has no area. */
  city?: PortalCity;
  /** From the chosen location, km (lists with a location). */
  distanceKm?: number;
  /** The next free slot (null: none); not shown when undefined. */
  nextSlot?: NextSlot | null;
  /** Where the next free slot opens the booking dialog. */
  slotTo?: string;
  /** The list is of one day ('Available on'): its first free slot, or none that day. */
  oneDay?: boolean;
}

export function ProviderTile({
  provider,
  to,
  replace,
  eager,
  children,
  dimmed,
  city,
  distanceKm,
  nextSlot,
  slotTo,
  oneDay,
}: ProviderTileProps) {
  const nameId = useId();
  const based = provider.area ?? (city ? providerPortalText.cities[city] : null);
  const where = [based, distanceKm !== undefined ? t.away(distance(distanceKm)) : null].filter(Boolean).join(' · ');
  return (
    <article className={`card ${styles.tile} ${dimmed ? styles.dimmed : ''}`}>
      <Link className={styles.tileLink} to={to} replace={replace}>
        <CardImage src={provider.image} alt="" eager={eager} />
        <span className="card-body">
          <span className="card-title" id={nameId}>
            {provider.name}
          </span>
          <RatingLine value={provider.rating} reviewCount={provider.reviewCount} />
          {provider.fromPrice ? (
            <span className="price">{unitPrice(provider.fromPrice.priceCents, provider.fromPrice.unit, true)}</span>
          ) : (
            provider.charges !== undefined && <span className="price">{money(provider.charges)}</span>
          )}
          {where && <span className={styles.where}>{where}</span>}
        </span>
      </Link>
      {nextSlot !== undefined && (
        <div className={styles.slot}>
          {nextSlot && slotTo ? (
            <>
              <span className={styles.slotLabel}>{oneDay ? t.freeOn : t.nextFreeSlot}</span>
              <Link
                className={`btn btn-outline ${styles.slotButton}`}
                to={slotTo}
                state={slotState}
                aria-describedby={nameId}
              >
                <ClockIcon />
                {slotLabel(nextSlot)}
              </Link>
            </>
          ) : (
            <span className={styles.noSlot}>{oneDay ? t.noSlotThatDay : t.noSlot}</span>
          )}
        </div>
      )}
      {children && <div className={styles.tileActions}>{children}</div>}
    </article>
  );
}

/** What the slot link leaves in navigation state: closing its dialog goes back rather than on. */
export const slotState = { slotOpened: true } as const;

/** How many providers the list holds, said again as it changes; `children` adds to the sentence. */
export function ResultCount({ count, children }: { count: { total: number; more: boolean }; children?: ReactNode }) {
  return (
    <p className={`muted ${styles.count}`} aria-live="polite">
      {t.resultCount(count.total, count.more)}
      {children}
    </p>
  );
}

/** A grid of tiles with its list semantics. */
export function TileGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={`grid ${styles.grid}`} role="list" aria-label={label}>
      {children}
    </ul>
  );
}

function ClockIcon() {
  return (
    <Icon
      size={16}
      path="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v5.4l4.3 2.6 1-1.7-3.3-2V7z"
    />
  );
}
