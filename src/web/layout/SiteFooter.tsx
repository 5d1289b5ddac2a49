import { Link } from 'react-router';
import { text } from '../../contract/messages.js';
import { routes } from '../../contract/paths.js';
import { servedCityNames } from '../features/places/index.js';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">{text.brand}</p>
          <p>{text.heroTitle}.</p>
        </div>
        <nav aria-label={text.companyHeading}>
          <h2>{text.companyHeading}</h2>
          <ul>
            <li>
              <Link to={routes.aboutUs}>{text.aboutHeading}</Link>
            </li>
            <li>
              <Link to={routes.contactUs}>{text.contactHeading}</Link>
            </li>
            <li>
              <Link to={routes.faqs}>{text.faqsLink}</Link>
            </li>
            <li>
              <Link to={routes.signup}>{text.becomeProvider}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={text.policiesHeading}>
          <h2>{text.policiesHeading}</h2>
          <ul>
            <li>
              <Link to={routes.privacy}>{text.privacyHeading}</Link>
            </li>
            <li>
              <Link to={routes.terms}>{text.termsHeading}</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2>{text.servingIn}</h2>
          <ul>
            {/* Each city's providers, best rated first (the contract's places module holds schemas,
                which must not load before app.tsx turns zod's compiler off). */}
            {servedCityNames.map(([city, name]) => (
              <li key={city}>
                <Link to={`${routes.search}?city=${city}`}>{name}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="container copyright">{text.copyright}</p>
    </footer>
  );
}
