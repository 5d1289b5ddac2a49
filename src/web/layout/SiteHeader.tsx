// The public and customer header: brand, and either Login/signup or the member's menu.
import { Link } from 'react-router';
import { text } from '../../contract/messages.js';
import { routes } from '../../contract/paths.js';
import { useMemberSession } from '../session.js';
import { LiveUpdates } from '../features/live/LiveUpdates.js';
import { NotificationBell } from '../features/notifications/NotificationBell.js';
import { MessagesLink } from '../features/messages/MessagesLink.js';
import { UserMenu } from './UserMenu.js';

export function SiteHeader() {
  const member = useMemberSession();
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to={member ? routes.homeNew : routes.home} className="brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {text.brand}
        </Link>
        <nav aria-label="Main" className="header-nav">
          {member ? (
            <>
              <LiveUpdates />
              <MessagesLink />
              <NotificationBell />
              <UserMenu name={member.user.name} />
            </>
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
