// What a page that failed shows instead of the framework's developer screen: a chunk that no
// longer loads reloads the page once (lib/stale-chunks.ts); any other failure, or the same one
// again, says so in the site's own look, with Try again and the way home.
import { useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { isChunkFailure, reloadOnce } from '../../lib/stale-chunks.js';
import { Loading } from '../../ui/states.js';
import NotFoundPage from './NotFoundPage.js';

export function RouteError() {
  const error = useRouteError();
  const stale = isChunkFailure(error);
  // Decided once: a render again must not count as a second failure.
  const [reloading] = useState(() => stale && reloadOnce());
  if (reloading) return <Loading />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="container page" role="alert">
      <h1>{text.pageFailedTitle}</h1>
      <p>{stale ? text.pageFailedStale : text.pageFailedBody}</p>
      <p>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          {text.tryAgain}
        </button>{' '}
        {/* A full load: the app in this tab may be the stale one. */}
        <a className="btn btn-outline" href={routes.home}>
          {text.goHome}
        </a>
      </p>
    </section>
  );
}
