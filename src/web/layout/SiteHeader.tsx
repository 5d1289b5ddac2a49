// The public and customer header: brand, the chosen location (a button opening the location
// dialog; not in the provider's portal), and either Login/signup or the member's menu.
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { text } from '../../contract/messages.js';
import { routes } from '../../contract/paths.js';
import { LocationButton } from '../features/places/index.js';
import { useMemberSession } from '../lib/session.js';

const MemberNav = lazy(() => import('./MemberNav.js'));

/** The pages with a location button of their own (the home hero, the discovery pages' filter bar). */
const ownButtonPages = [routes.home, routes.homeAlt, routes.search, routes.servicesBooking].map((path) =>
  path.toLowerCase(),
);

/** The provider's portal: where a provider works, not where anyone books, so no location to choose. */
const portal = routes.providerPortal.toLowerCase();
const inPortal = (path: string) => path === portal || path.startsWith(`${portal}/`);

export function SiteHeader() {
  const member = useMemberSession();
  const path = useLocation().pathname.toLowerCase();
  const hasOwnButton = ownButtonPages.includes(path);
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to={member ? routes.homeNew : routes.home} className="brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {text.brand}
        </Link>
        {/* On a phone it takes a row of its own under the brand, unless the page has its own (global.css). */}
        {!inPortal(path) && (
          <div className={hasOwnButton ? 'header-location page-has-own' : 'header-location'}>
            <LocationButton look="compact" />
          </div>
        )}
        <nav aria-label={text.mainNav} className="header-nav">
          {member ? (
            <Suspense fallback={null}>
              <MemberNav name={member.user.name} />
            </Suspense>
          ) : (
            <>
              <Link className="btn btn-outline" to={routes.userLogin}>
                {text.login}
              </Link>
              <Link className="btn" to={routes.userSignup}>
                {text.signup}
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
