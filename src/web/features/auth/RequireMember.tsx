// Customer screens need a member session; without one the member signs in first and comes back.
import { Navigate, Outlet, useLocation } from 'react-router';
import { routes } from '../../../contract/paths.js';
import { useMemberSession } from '../../lib/session.js';

export function RequireMember() {
  const member = useMemberSession();
  const location = useLocation();
  if (!member) return <Navigate to={routes.userLogin} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
