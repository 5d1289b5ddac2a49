// The public home (/ and /Home): hero with search and location, then the catalogue sections.
import { Link } from 'react-router';
import { text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useMemberSession } from '../../lib/session.js';
import { HomeFrame } from './HomeFrame.js';
import { ChooseLocation, HomeSearch } from './HomeSearch.js';
import styles from './home.module.css';

export default function HomePage() {
  const member = useMemberSession();

  return (
    <HomeFrame heading={text.heroTitle}>
      <section className={styles.hero} aria-labelledby="hero-heading">
        <div className={`container ${styles.heroInner}`}>
          <h1 id="hero-heading">{text.heroTitle}</h1>
          <p className={styles.lead}>{text.heroLead}</p>
          <div className={styles.controls}>
            <ChooseLocation />
            <HomeSearch />
          </div>
          {!member && (
            <div className={styles.actions}>
              <Link className="btn btn-outline" to={routes.userLogin}>
                {text.login}
              </Link>
              <Link className={`btn ${styles.onDark}`} to={routes.userSignup}>
                {text.signup}
              </Link>
            </div>
          )}
        </div>
      </section>
    </HomeFrame>
  );
}
