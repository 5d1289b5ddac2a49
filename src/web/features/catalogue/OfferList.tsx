// 'Best Offers': image, title, star rating, the provider's review count, the offer text and the
// provider's city (the chosen city's offers first). The title opens the offer's provider, with the offer's service when it is for one, where its
// coupon applies at checkout.
import { Link } from 'react-router';
import { text } from '../../../contract/messages.js';
import { providerPath } from '../../../contract/paths.js';
import type { PortalCity } from '../../../contract/places.js';
import { Empty, QueryState } from '../../ui/states.js';
import { useOffers } from './api.js';
import { CardImage, CityLine, RatingLine } from './ProviderCards.js';
import styles from './catalogue.module.css';

/** `city`: the chosen city, whose offers come first. */
export function OfferList({ city }: { city: PortalCity | null }) {
  const offers = useOffers(city);
  return (
    <section className="section container" aria-labelledby="offers-heading">
      <h2 id="offers-heading">{text.bestOffers}</h2>
      <QueryState query={offers} empty={<Empty />}>
        {(list) => (
          <ul className={`grid ${styles.list}`} role="list">
            {list.map((offer) => (
              <li key={offer._id}>
                <article className="card">
                  <CardImage src={offer.image} alt={offer.title} kind="service" />
                  <div className="card-body">
                    <h3 className={`card-title ${styles.title}`}>
                      {offer.user_id ? (
                        <Link
                          className={styles.nameLink}
                          to={providerPath(offer.user_id._id, offer.coupon?.categoryId)}
                        >
                          {offer.title}
                        </Link>
                      ) : (
                        offer.title
                      )}
                    </h3>
                    <RatingLine value={offer.star} reviewCount={offer.user_id?.reviewCount ?? 0} />
                    <p className={styles.offerText}>{offer.offer}</p>
                    {offer.city && <CityLine city={offer.city} />}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
