// /AboutUs: who Doorstep is, how providers are vetted, the team, investors and cities, with
// the same location and search controls as the home page and the provider application.
import { Link } from 'react-router';
import { aboutPage as copy, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import styles from './content.module.css';
import { ChooseLocation, HomeSearch, SearchControls } from '../home/index.js';

const topLinks = [
  { label: text.login, to: routes.userLogin },
  { label: text.adminLink, to: routes.adminLoginAlt },
  { label: text.privacyHeading, to: routes.privacy },
  { label: text.contactHeading, to: routes.contactUs },
  { label: text.aboutHeading, to: routes.aboutUs },
  { label: text.homeLink, to: routes.homeAlt },
];

const policyLinks = [
  { label: text.privacyHeading, to: routes.privacy },
  { label: text.termsHeading, to: routes.terms },
  { label: text.faqHeading, to: routes.faqs },
  { label: text.contactHeading, to: routes.contactUs },
];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

export default function AboutPage() {
  return (
    <div className="container page">
      <title>{`${text.aboutHeading} · ${text.brand}`}</title>
      <nav aria-label={text.aboutHeading} className={styles.topLinks}>
        <ul>
          {topLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} aria-current={link.to === routes.aboutUs ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <header className={styles.aboutHero}>
        <h1>{text.aboutHeading}</h1>
        <p>{copy.lead}</p>
      </header>

      <section className="section" aria-labelledby="find-heading">
        <h2 id="find-heading">{copy.findHeading}</h2>
        <SearchControls>
          <ChooseLocation />
          <HomeSearch />
        </SearchControls>
      </section>

      <div className={styles.columns}>
        <section className="section" aria-labelledby="what-heading">
          <h2 id="what-heading">{copy.whatWeDoHeading}</h2>
          {copy.whatWeDo.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <section className="section" aria-labelledby="vetting-heading">
          <h2 id="vetting-heading">{copy.vettingHeading}</h2>
          <ul>
            {copy.vetting.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </section>
      </div>

      <section className="section" aria-labelledby="team-heading">
        <h2 id="team-heading">{copy.teamHeading}</h2>
        <ul className={styles.team}>
          {copy.team.map((person) => (
            <li key={person.name} className={`panel ${styles.member}`}>
              <span className={styles.avatar} aria-hidden="true">
                {initials(person.name)}
              </span>
              <div>
                <p>
                  <strong>{person.name}</strong>
                </p>
                <p className="muted">{person.role}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <div className={styles.columns}>
        <section className="section" aria-labelledby="investors-heading">
          <h2 id="investors-heading">{copy.investorsHeading}</h2>
          <ul>
            {copy.investors.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
        <section className="section" aria-labelledby="cities-heading">
          <h2 id="cities-heading">{copy.citiesHeading}</h2>
          <ul>
            {text.cities.map((city) => (
              <li key={city}>{city}</li>
            ))}
          </ul>
        </section>
        <section className="section" aria-labelledby="policies-heading">
          <h2 id="policies-heading">{copy.policiesHeading}</h2>
          <ul>
            {policyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section className={`panel ${styles.apply}`} aria-labelledby="apply-heading">
        <div>
          <h2 id="apply-heading">{copy.applyHeading}</h2>
          <p className="muted">{copy.applyBody}</p>
        </div>
        <Link className="btn" to={routes.signup}>
          {text.applyNow}
        </Link>
      </section>

      <section className="section" aria-labelledby="media-heading">
        <h2 id="media-heading">{copy.mediaHeading}</h2>
        <p>{text.mediaContact}</p>
      </section>
    </div>
  );
}
