// /email-sent: the Email Sent confirmation of the template account pages; with ?email= it leads on to
// the code entry for that email.
import { Link, useSearchParams } from 'react-router';
import { accountEmail } from '../../../contract/auth.js';
import { authText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { pageTitle } from './api.js';
import styles from './auth.module.css';

export default function EmailSentPage() {
  const [params] = useSearchParams();
  const email = accountEmail.safeParse(params.get('email') ?? '').data;
  return (
    <section className="auth-panel panel">
      <title>{pageTitle(notice.emailSent)}</title>
      <h1>{notice.emailSent}</h1>
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
    </section>
  );
}
