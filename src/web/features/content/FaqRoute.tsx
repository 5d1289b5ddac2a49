// `/faq` in any case: the admin FAQ management when an administrator is signed in
// in this browser, otherwise the public FAQ list in the public layout. The admin screen is its own
// chunk: a visitor never downloads it.
import { lazy, Suspense } from 'react';
import { PublicLayout } from '../../layout/PublicLayout.js';
import { useAdminSession } from '../../lib/session.js';
import { Loading } from '../../ui/states.js';
import FaqPage from './FaqPage.js';

const AdminFaqScreen = lazy(() => import('./admin/AdminFaqScreen.js'));

export default function FaqRoute() {
  const admin = useAdminSession();
  if (admin) {
    return (
      <Suspense fallback={<Loading />}>
        <AdminFaqScreen />
      </Suspense>
    );
  }
  return (
    <PublicLayout>
      <FaqPage />
    </PublicLayout>
  );
}
