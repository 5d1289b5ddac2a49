// /services/{category}/{city} ('/services/plumbing/austin'): the providers of one service based in
// one served city, best rated first, each card opening the provider's own page; with links to the
// same service in the other cities and to the city's other services. The server sends the same
// title and description, and the providers as schema.org data, in the page's head (modules/seo).
import { Link, useParams } from 'react-router';
import { discoveryText as d, providerText as t } from '../../../contract/messages.js';
import { categoryCityPath, providerCardPath, routes, urlWords } from '../../../contract/paths.js';
import { portalCities, servedCities, type PortalCity } from '../../../contract/places.js';
import { categoryCityText } from '../../../contract/seo.js';
import type { Category } from '../../../contract/catalogue.js';
import { Empty, Loading, QueryState, ShowMore } from '../../ui/states.js';
import { useCategories } from '../catalogue/index.js';
import { NotFoundPage } from '../content/index.js';
import { listTotal, useProviderSearch } from './api.js';
import { withSlotBooking } from './discovery.js';
import { ProviderTile, ResultCount, TileGrid } from './ProviderTile.js';
import styles from './providers.module.css';

/** Cards of the first row load their pictures at once. */
const firstRow = 4;

export default function CategoryCityPage() {
  const params = useParams();
  const city = portalCities.find((c) => c === params.city);
  const categories = useCategories();
  if (categories.isPending) return <Loading />;
  return (
    <QueryState query={categories}>
      {(all) => {
        const category = all.find((c) => urlWords(c.title) === params.category);
        return category && city ? <Providers category={category} city={city} all={all} /> : <NotFoundPage />;
      }}
    </QueryState>
  );
}

function Providers({ category, city, all }: { category: Category; city: PortalCity; all: Category[] }) {
  const place = servedCities[city].label;
  const list = useProviderSearch({ category: category._id, city, sort: 'rating' });
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const count = listTotal(list.data?.pages);
  const head = categoryCityText(category.title, city, count?.total ?? 0);
  const ofService = new URLSearchParams({ service: category._id });

  return (
    <section className={`container page ${styles.page}`} aria-labelledby="category-city-heading">
      {count && <title>{head.title}</title>}
      {count && <meta name="description" content={head.description} />}
      <h1 id="category-city-heading">{d.categoryInCity(category.title, place)}</h1>
      <p className={styles.lead}>{d.categoryInCityLead(category.title, place)}</p>
      {list.isPending ? (
        <Loading />
      ) : items.length === 0 ? (
        <QueryState query={list}>{() => <Empty>{d.noProvidersInCity}</Empty>}</QueryState>
      ) : (
        <>
          {count && <ResultCount count={count} />}
          <TileGrid>
            {items.map((item, index) => (
              <li key={item._id}>
                <ProviderTile
                  provider={item.user_id}
                  to={providerCardPath(item.user_id, category._id)}
                  eager={index < firstRow}
                  city={item.city}
                  nextSlot={item.nextSlot}
                  slotTo={
                    item.nextSlot
                      ? `${routes.servicesBooking}?${withSlotBooking(ofService, item._id, item.nextSlot).toString()}`
                      : undefined
                  }
                />
              </li>
            ))}
          </TileGrid>
          <ShowMore query={list} showError className={styles.more} />
        </>
      )}
      <nav className={styles.related} aria-label={t.services}>
        <h2 className={styles.subheading}>{d.otherCities}</h2>
        <ul className={styles.serviceLinks}>
          {portalCities
            .filter((other) => other !== city)
            .map((other) => (
              <li key={other}>
                <Link to={categoryCityPath(category.title, other)}>
                  {d.categoryInCity(category.title, servedCities[other].label)}
                </Link>
              </li>
            ))}
          <li>
            <Link to={`${routes.servicesBooking}?${ofService.toString()}`}>{d.allProvidersOf(category.title)}</Link>
          </li>
        </ul>
        <h2 className={styles.subheading}>{d.otherServices(place)}</h2>
        <ul className={styles.serviceLinks}>
          {all
            .filter((other) => other._id !== category._id)
            .map((other) => (
              <li key={other._id}>
                <Link to={categoryCityPath(other.title, city)}>{d.categoryInCity(other.title, place)}</Link>
              </li>
            ))}
        </ul>
      </nav>
    </section>
  );
}
