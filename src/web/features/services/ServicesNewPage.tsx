// /Services_new: the signed-in listing of services (customer.md §2, 'Services page'). Each service
// leads to its providers on /Services_booking; the menu takes the member to their bookings,
// history, favourites and messages.
import { Link } from 'react-router';
import { servicesText as copy, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Empty, ErrorState, Loading } from '../../ui/states.js';
import { useCategories } from '../catalogue/api.js';
import { CardImage } from '../catalogue/ProviderCards.js';
import { AccountMenu } from './AccountMenu.js';
import styles from './services.module.css';

const menu = [
  { label: copy.myBooking, to: routes.ongoing },
  { label: copy.history, to: routes.history },
  { label: copy.favorites, to: routes.favorites },
  { label: copy.messages, to: routes.messages },
  { label: copy.profile, to: routes.profiles },
] as const;

/** Cards of the first row load at once; the rest when scrolled near. */
const firstRow = 4;

export default function ServicesNewPage() {
  const categories = useCategories();
  return (
    <div className="container page">
      <title>{`${copy.heading} · ${text.brand}`}</title>
      <header className={styles.header}>
        <div>
          <h1>{copy.heading}</h1>
          <p className={styles.lead}>{copy.lead}</p>
        </div>
        <AccountMenu label={copy.menuLabel} links={menu} />
      </header>

      {categories.isPending ? (
        <Loading />
      ) : categories.isError ? (
        <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <Empty />
      ) : (
        <ul className={`grid ${styles.list}`} role="list">
          {categories.data.map((category, index) => (
            <li key={category._id}>
              {/* As on the home pages: the id in the query (a reloaded link keeps it) and in the state. */}
              <Link
                className={`card ${styles.cardLink}`}
                to={`${routes.servicesBooking}?service=${encodeURIComponent(category._id)}`}
                state={{ serviceId: category._id }}
              >
                <CardImage src={category.image} alt={category.title} eager={index < firstRow} kind="service" />
                {/* The image's alt text names the link; the visible words are not read twice. */}
                <span className="card-body" aria-hidden="true">
                  <span className="card-title">{category.title}</span>
                  <span className={styles.cta}>{copy.seeProviders} →</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
