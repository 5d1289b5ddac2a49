// The user menu titled with the member's name (/Home_new). Logout ends the session
// on the server, clears the stored login and goes to /Home.
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { chatText, memberTicketText, memberWalletText, providerPortalText, userMenu } from '../../contract/messages.js';
import { authEndpoints } from '../../contract/endpoints/auth.js';
import { routes } from '../../contract/paths.js';
import { call } from '../lib/api.js';
import { session } from '../lib/session.js';
import { useDismiss } from '../ui/useDismiss.js';
import { UnreadBadge, useMemberUnreadCount } from '../features/notifications/index.js';
import { useMe } from '../features/providers/index.js';

const items = [
  { label: userMenu.profile, to: routes.profiles },
  { label: userMenu.myBooking, to: routes.ongoing },
  { label: userMenu.history, to: routes.history },
  { label: userMenu.favorites, to: routes.favorites },
  { label: userMenu.notifications, to: routes.notifications },
  { label: providerPortalText.menu, to: routes.providerPortal, providersOnly: true },
  // Member wallet and tickets
  { label: memberWalletText.heading, to: routes.wallet },
  { label: memberTicketText.listHeading, to: routes.myTickets },
];

export function UserMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useMemberUnreadCount();
  const isProvider = useMe().data?.role === 'provider';

  const dismiss = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, dismiss);

  async function logout() {
    // Leave the signed-in page first: clearing while on it would send the guard to /userlogin.
    await navigate(routes.homeAlt, { flushSync: true });
    // The call takes the session's token as it starts, and the page forgets the session at once,
    // before the server has ended it: nothing (the live stream) asks again with an ended session.
    const ended = call(authEndpoints.logout).catch(() => undefined);
    session.clear('member');
    queryClient.clear();
    await ended;
  }

  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="btn btn-outline"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="user-menu-name">{name}</span> ▾
      </button>
      {open && (
        <ul className="user-menu-list">
          {items
            .filter((item) => !('providersOnly' in item) || isProvider)
            .map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={() => setOpen(false)}
                  aria-label={item.to === routes.notifications && unread > 0 ? chatText.unreadCount(unread) : undefined}
                >
                  {item.label}
                  {item.to === routes.notifications && <UnreadBadge count={unread} />}
                </Link>
              </li>
            ))}
          <li>
            <button type="button" onClick={logout}>
              {userMenu.logout}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
