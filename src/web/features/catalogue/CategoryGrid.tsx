// The service categories: image and title, each a link to the booking page of that service.
import { Link } from 'react-router';
import { text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Empty, QueryState } from '../../ui/states.js';
import { useCategories } from './api.js';
import { CardImage } from './ProviderCards.js';
import styles from './catalogue.module.css';

/** Cards of the first row load at once; the rest when scrolled near. */
const firstRow = 4;

interface CategoryCardsProps {
  /** A call to action under each title ('See providers'). */
  cta?: string;
  /** Extra class for the list, for a page's own layout. */
  className?: string;
}

/** The categories as linked cards, with loading, empty and error states. */
export function CategoryCards({ cta, className = '' }: CategoryCardsProps) {
  const categories = useCategories();
  return (
    <QueryState query={categories} empty={<Empty />}>
      {(list) => (
        <ul className={`grid ${styles.list} ${className}`} role="list">
          {list.map((category, index) => (
            <li key={category._id}>
              {/* The id travels in the query (a shared or reloaded link keeps it) and in the
                  navigation state; /Services_booking reads either. */}
              <Link
                className={`card ${styles.cardLink}`}
                to={`${routes.servicesBooking}?service=${encodeURIComponent(category._id)}`}
                state={{ serviceId: category._id }}
              >
                <CardImage src={category.image} alt={category.title} eager={index < firstRow} kind="service" />
                {/* The image's alt text already names the link; the visible words are not read twice. */}
                <span className="card-body" aria-hidden="true">
                  <span className={`card-title ${styles.title}`}>{category.title}</span>
                  {cta && <span className={styles.cta}>{cta} →</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

export function CategoryGrid() {
  return (
    <section className="section container" aria-labelledby="categories-heading">
      <h2 id="categories-heading">{text.categories}</h2>
      <CategoryCards />
    </section>
  );
}
