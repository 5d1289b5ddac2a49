import { Link } from 'react-router';
import { text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';

/** Also the page for the template's dead links (/podcast-details, /blog, …). */
export default function NotFoundPage() {
  return (
    <section className="container page">
      <title>{`${text.notFoundTitle} · ${text.brand}`}</title>
      <h1>{text.notFoundTitle}</h1>
      <p>{text.notFoundBody}</p>
      <Link className="btn" to={routes.home}>
        {text.goHome}
      </Link>
    </section>
  );
}
