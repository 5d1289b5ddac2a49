// The public and customer header: brand, and either Login/signup or the member's menu.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { text } from '../../contract/messages.js';
import { routes } from '../../contract/paths.js';
import { useMemberSession } from '../lib/session.js';

const MemberNav = lazy(() => import('./MemberNav.js'));

export function SiteHeader() {
  const member = useMemberSession();
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to={member ? routes.homeNew : routes.home} className="brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {text.brand}
        </Link>
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
