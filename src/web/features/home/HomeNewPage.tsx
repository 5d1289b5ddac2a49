// The signed-in member's home (/Home_new): greeting, search, messages, then the catalogue.
// The user menu is in the header and the policy links in the footer (layout).
import { Link } from 'react-router';
import { text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useMemberSession } from '../../lib/session.js';
import { HomeFrame } from './HomeFrame.js';
import { HomeSearch } from './HomeSearch.js';
import styles from './home.module.css';

export default function HomeNewPage() {
  const member = useMemberSession();
  const name = member?.user.name ?? '';
  const greeting = name ? `${text.welcome}, ${name}` : text.welcome;

  return (
    <HomeFrame heading={greeting}>
      <section className={styles.banner} aria-labelledby="welcome-heading">
        <div className={`container ${styles.bannerInner}`}>
          <h1 id="welcome-heading">{greeting}</h1>
          <div className={styles.controls}>
            <HomeSearch />
            <Link className="btn btn-outline" to={routes.messages}>
              {text.messagesHeading}
            </Link>
          </div>
        </div>
      </section>
    </HomeFrame>
  );
}
