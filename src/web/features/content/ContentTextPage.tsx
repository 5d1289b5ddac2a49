// A text the administrators keep (terms, privacy), shown with its heading and last update.
import { useEffect, useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ContentText } from '../../../contract/content.js';
import { text } from '../../../contract/messages.js';
import { dayMonthYear } from '../../lib/dates.js';
import { Empty, ErrorState, Loading } from '../../ui/states.js';

export function ContentTextPage({ heading, query }: { heading: string; query: UseQueryResult<ContentText> }) {
  const headingId = useId();
  useEffect(() => {
    document.title = `${heading} · ${text.brand}`;
  }, [heading]);

  return (
    <article className="container page" aria-labelledby={headingId}>
      <h1 id={headingId}>{heading}</h1>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data.about.trim() ? (
        // Nothing written yet: the server answers an empty text and no date.
        <Empty />
      ) : (
        <>
          {query.data.updatedAt && (
            <p className="muted">
              {text.lastUpdated}: <time dateTime={query.data.updatedAt}>{dayMonthYear(query.data.updatedAt)}</time>
            </p>
          )}
          <div className="prose">{query.data.about}</div>
        </>
      )}
    </article>
  );
}
