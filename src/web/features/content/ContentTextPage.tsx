// A text the administrators keep (terms, privacy), shown with its heading and last update.
import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ContentText } from '../../../contract/content.js';
import { text } from '../../../contract/messages.js';
import { dayMonthYear } from '../../lib/dates.js';
import { Empty, QueryState } from '../../ui/states.js';

export function ContentTextPage({ heading, query }: { heading: string; query: UseQueryResult<ContentText> }) {
  const headingId = useId();
  return (
    <article className="container page" aria-labelledby={headingId}>
      <title>{`${heading} · ${text.brand}`}</title>
      <h1 id={headingId}>{heading}</h1>
      {/* Nothing written yet: the server answers an empty text and no date. */}
      <QueryState query={query} isEmpty={(content) => !content.about.trim()} empty={<Empty />}>
        {(content) => (
          <>
            {content.updatedAt && (
              <p className="muted">
                {text.lastUpdated}: <time dateTime={content.updatedAt}>{dayMonthYear(content.updatedAt)}</time>
              </p>
            )}
            <div className="prose">{content.about}</div>
          </>
        )}
      </QueryState>
    </article>
  );
}
