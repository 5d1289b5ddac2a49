// 'Top Service Providers': photo (or a drawn placeholder), name, rating, review count, charges
// (the cheapest line: "from $40 / hour") and city (the chosen city's providers first).
import { Link } from 'react-router';
import { providerCardPath } from '../../../contract/paths.js';
import { text } from '../../../contract/messages.js';
import type { ProviderCard } from '../../../contract/catalogue.js';
import type { PortalCity } from '../../../contract/places.js';
import { unitPrice } from '../../lib/format.js';
import { Stars } from '../../ui/Stars.js';
import { Empty, QueryState } from '../../ui/states.js';
import { imageUrl } from '../../lib/images.js';
import { cityLabel, PinIcon } from '../places/index.js';
import { useTopProviders } from './api.js';
import styles from './catalogue.module.css';

/** Intrinsic size of card images (4:3), so the page does not jump while they load. */
const cardImage = { width: 320, height: 240 } as const;

/**
 * A card's picture: the image when there is one, otherwise a placeholder drawn in CSS and SVG
 * (no request). `eager` is for the cards of the first row, which the visitor sees at once.
 */
export function CardImage({
  src,
  alt,
  eager = false,
  kind = 'person',
}: {
  src: string | null;
  alt: string;
  eager?: boolean;
  /** What the placeholder draws: a person (providers) or a house (services, offers). */
  kind?: 'person' | 'service';
}) {
  const url = imageUrl(src);
  if (!url) {
    return (
      <div className={styles.placeholder} role="img" aria-label={alt}>
        <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          {kind === 'person' ? (
            <>
              <circle cx="32" cy="22" r="12" fill="currentColor" />
              <path d="M8 60c0-14 11-22 24-22s24 8 24 22z" fill="currentColor" />
            </>
          ) : (
            <path d="M32 6 4 30h8v28h16V42h8v16h16V30h8z" fill="currentColor" />
          )}
        </svg>
      </div>
    );
  }
  return (
    <img
      className={`card-img ${styles.img}`}
      src={url}
      alt={alt}
      width={cardImage.width}
      height={cardImage.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/**
 * The average, the stars and the review count: "4.5 ★★★★½ (5 reviews)"; "No reviews yet" for a
 * provider nobody rated. The stars image carries the rating for a screen reader ("Rated 4.5 out
 * of 5"), so the figure before it is not read twice.
 */
export function RatingLine({ value, reviewCount }: { value: number; reviewCount: number }) {
  if (reviewCount === 0 && value === 0) {
    return (
      <span className={styles.rating}>
        <span className="muted">{text.noReviewsYet}</span>
      </span>
    );
  }
  return (
    <span className={styles.rating}>
      <span className={styles.ratingValue} aria-hidden="true">
        {value.toFixed(1)}
      </span>
      <Stars value={value} />
      <span className="muted">{reviewCount === 0 ? text.noReviewsYet : text.reviewCount(reviewCount)}</span>
    </span>
  );
}

/** Where a card's provider is based: the pin and the city's name. */
export function CityLine({ city }: { city: PortalCity }) {
  return (
    <p className={`muted ${styles.city}`}>
      <PinIcon />
      {cityLabel(city)}
    </p>
  );
}

export function ProviderCardView({
  provider,
  eager,
}: {
  provider: ProviderCard & { city?: PortalCity };
  eager?: boolean;
}) {
  return (
    <article className="card">
      <CardImage src={provider.image} alt={provider.name} eager={eager} />
      <div className="card-body">
        <h3 className={`card-title ${styles.title}`}>
          {/* The name opens the provider's own page, where a member can message, favourite and book. */}
          <Link className={styles.nameLink} to={providerCardPath(provider)}>
            {provider.name}
          </Link>
        </h3>
        <RatingLine value={provider.rating} reviewCount={provider.reviewCount} />
        <p className={`price ${styles.line}`}>
          {unitPrice(provider.fromPrice.priceCents, provider.fromPrice.unit, true)}
        </p>
        {provider.city && <CityLine city={provider.city} />}
      </div>
    </article>
  );
}

/** `city`: the chosen city, whose providers come first. */
export function ProviderCards({ city }: { city: PortalCity | null }) {
  const providers = useTopProviders(city);
  return (
    <section className="section container" aria-labelledby="top-providers-heading">
      <h2 id="top-providers-heading">{text.topProviders}</h2>
      <QueryState query={providers} empty={<Empty />}>
        {(list) => (
          <ul className={`grid ${styles.list}`} role="list">
            {list.map((provider) => (
              <li key={provider._id}>
                <ProviderCardView provider={provider} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
