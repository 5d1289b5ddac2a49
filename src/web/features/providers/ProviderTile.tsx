// A provider as lists show it (/Services_booking, /Search, /Favorites): picture
// or placeholder, name, stars with the review count, and the price. The whole card is a link to
// the provider's dialog; `children` go below the link (the Favorites page's Remove).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProviderCard } from '../../../contract/catalogue.js';
import { money } from '../../lib/format.js';
import { CardImage, RatingLine } from '../catalogue/index.js';
import styles from './providers.module.css';

interface ProviderTileProps {
  provider: Pick<ProviderCard, '_id' | 'name' | 'image' | 'rating' | 'reviewCount'> & { charges?: number };
  to: string;
  /** Replace the history entry (the booking page opens its own dialog). */
  replace?: boolean;
  eager?: boolean;
  children?: ReactNode;
  dimmed?: boolean;
}

export function ProviderTile({ provider, to, replace, eager, children, dimmed }: ProviderTileProps) {
  return (
    <article className={`card ${styles.tile} ${dimmed ? styles.dimmed : ''}`}>
      <Link className={styles.tileLink} to={to} replace={replace}>
        <CardImage src={provider.image} alt="" eager={eager} />
        <span className="card-body">
          <span className="card-title">{provider.name}</span>
          <RatingLine value={provider.rating} reviewCount={provider.reviewCount} />
          {provider.charges !== undefined && <span className="price">{money(provider.charges)}</span>}
        </span>
      </Link>
      {children && <div className={styles.tileActions}>{children}</div>}
    </article>
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
