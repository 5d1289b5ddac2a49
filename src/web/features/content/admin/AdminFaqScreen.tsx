// `/faq` for a signed-in administrator: the FAQ management inside the admin shell (which checks the
// session with the server like on every admin page). A chunk of its own, loaded only for admins.
import { AdminShell } from '../../admin/index.js';
import FaqAdminPage from './FaqAdminPage.js';

export default function AdminFaqScreen() {
  return (
    <AdminShell>
      <FaqAdminPage />
    </AdminShell>
  );
}
