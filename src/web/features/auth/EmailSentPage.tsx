// /email-sent: the Email Sent confirmation of the template account pages; with ?email= it leads on to
// the code entry for that email.
import { Link, useSearchParams } from 'react-router';
import { accountEmail } from '../../../contract/auth.js';
import { authText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import styles from './auth.module.css';
import { AuthPanel } from './AuthPanel.js';

export default function EmailSentPage() {
  const [params] = useSearchParams();
  const email = accountEmail.safeParse(params.get('email') ?? '').data;
  return (
    <AuthPanel heading={notice.emailSent}>
      <p>{notice.emailSentBody}</p>
      {email && (
        <p>
          <strong>{email}</strong>
        </p>
      )}
      <p className={styles.links}>
        {email ? (
          <Link className="btn" to={`${routes.verifyAccount}?${new URLSearchParams({ email })}`}>
            {authText.enterCode}
          </Link>
        ) : (
          <Link to={routes.customerLogin}>{text.login}</Link>
        )}
      </p>
    </AuthPanel>
  );
}
