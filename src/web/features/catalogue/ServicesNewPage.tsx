// /Services_new: the signed-in listing of services ('Services page'). Each service
// leads to its providers on /Services_booking; the menu takes the member to their bookings,
// history, favourites and messages.
import { servicesText as copy, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { CategoryCards } from './CategoryGrid.js';
import { AccountMenu } from './AccountMenu.js';
import styles from './services.module.css';

const menu = [
  { label: copy.myBooking, to: routes.ongoing },
  { label: copy.history, to: routes.history },
  { label: copy.favorites, to: routes.favorites },
  { label: copy.messages, to: routes.messages },
  { label: copy.profile, to: routes.profiles },
] as const;

export default function ServicesNewPage() {
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

      <CategoryCards cta={copy.seeProviders} className={styles.list} />
    </div>
  );
}
