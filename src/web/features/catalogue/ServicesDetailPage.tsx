// /Services_detail: how booking on Doorstep works, with the page's links to
// Profile, Messages, Services and Home. Its footer (About Us, policies, Serving in USA) is
// the site footer every page has; its Reviews entry is the section below on how ratings work.
// Blog and careers have no content, so they are left out rather than shown as dead links.
import { Link } from 'react-router';
import { servicesText as copy, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { AccountMenu } from './AccountMenu.js';
import styles from './services.module.css';

const pages = [
  { label: copy.profile, to: routes.profiles },
  { label: copy.messages, to: routes.messages },
  { label: copy.heading, to: routes.servicesNew },
  { label: copy.home, to: routes.homeNew },
] as const;

export default function ServicesDetailPage() {
  return (
    <div className="container page">
      <title>{`${copy.detailHeading} · ${text.brand}`}</title>
      <AccountMenu label={copy.detailNavLabel} links={pages} />

      <header className={styles.detailHeader}>
        <h1>{copy.detailHeading}</h1>
        <p className={styles.lead}>{copy.detailLead}</p>
      </header>

      <ol className={styles.steps}>
        {copy.steps.map((step, index) => (
          <li key={step.title} className={`panel ${styles.step}`}>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h2>{step.title}</h2>
              <p>{step.body}</p>
            </div>
          </li>
        ))}
      </ol>

      <p className={styles.start}>
        <Link className="btn" to={routes.servicesNew}>
          {copy.steps[0].title}
        </Link>
      </p>

      <section className={`panel ${styles.reviews}`} aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">{copy.reviewsHeading}</h2>
        <p>{copy.reviewsBody}</p>
        <Link to={routes.servicesNew}>{copy.reviewsLink}</Link>
      </section>
    </div>
  );
}
