// The user menu titled with the member's name (customer.md, /Home_new). Logout ends the session
// on the server, clears the stored login and goes to /Home.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { userMenu } from '../../contract/messages.js';
import { api, routes } from '../../contract/paths.js';
import { post } from '../api.js';
import { session } from '../session.js';

const items = [
  { label: userMenu.profile, to: routes.profiles },
  { label: userMenu.myBooking, to: routes.ongoing },
  { label: userMenu.history, to: routes.history },
  { label: userMenu.favorites, to: routes.favorites },
  { label: userMenu.notifications, to: routes.notifications },
];

export function UserMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  async function logout() {
    // The server forgets the session even if the page is closed right after.
    await post(api.logout, {}).catch(() => undefined);
    // Leave the signed-in page first: clearing while on it would send the guard to /userlogin.
    await navigate(routes.homeAlt, { flushSync: true });
    session.clear('member');
    queryClient.clear();
  }

  return (
    <div className="user-menu" ref={ref}>
      <button type="button" className="btn btn-outline" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {name} ▾
      </button>
      {open && (
        <ul className="user-menu-list">
          {items.map((item) => (
            <li key={item.to}>
              <Link to={item.to} onClick={() => setOpen(false)}>
                {item.label}
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
