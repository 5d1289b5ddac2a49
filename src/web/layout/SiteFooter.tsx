import { Link } from 'react-router';
import { text } from '../../contract/messages.js';
import { routes } from '../../contract/paths.js';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">{text.brand}</p>
          <p>{text.heroTitle}.</p>
          <div className="store-badges" aria-label="Get the app">
            <span className="store-badge">App Store</span>
            <span className="store-badge">Google Play</span>
          </div>
        </div>
        <nav aria-label="Company">
          <h2>Company</h2>
          <ul>
            <li>
              <Link to={routes.aboutUs}>About Us</Link>
            </li>
            <li>
              <Link to={routes.contactUs}>Contact Us</Link>
            </li>
            <li>
              <Link to={routes.faqs}>FAQs</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Policies">
          <h2>Policies</h2>
          <ul>
            <li>
              <Link to={routes.privacy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={routes.terms}>Terms &amp; Conditions</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2>{text.servingIn}</h2>
          <ul>
            {text.cities.map((city) => (
              <li key={city}>{city}</li>
            ))}
          </ul>
        </div>
      </div>
      <p className="container copyright">{text.copyright}</p>
    </footer>
  );
}
