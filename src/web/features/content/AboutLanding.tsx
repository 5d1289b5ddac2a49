// /about-us: remembers the menu highlight of the About page (13) and goes on to /AboutUs.
import { Navigate } from 'react-router';
import { routes } from '../../../contract/paths.js';

/** Where the highlighted menu entry is kept (13 is About). */
export const menuHighlightKey = 'doorstep.menu';
const aboutHighlight = '13';

export default function AboutLanding() {
  // Writing the same value again is harmless, so doing it while rendering is safe (and it is
  // done before <Navigate> moves on, whatever order effects run in).
  try {
    localStorage.setItem(menuHighlightKey, aboutHighlight);
  } catch {
    // No storage (private mode): nothing to highlight later, the redirect still happens.
  }
  return <Navigate to={routes.aboutUs} replace />;
}
