// The public Terms & Conditions (/terms_conditions): the text the administrators keep.
import { useEffect } from 'react';
import { text } from '../../../contract/messages.js';
import { dayMonthYear } from '../../dates.js';
import { Empty, ErrorState, Loading } from '../../ui/states.js';
import { useTerms } from './api.js';

export default function TermsPage() {
  const terms = useTerms();
  useEffect(() => {
    document.title = `${text.termsHeading} · ${text.brand}`;
  }, []);

  return (
    <article className="container page" aria-labelledby="terms-heading">
      <h1 id="terms-heading">{text.termsHeading}</h1>
      {terms.isPending ? (
        <Loading />
      ) : terms.isError ? (
        <ErrorState error={terms.error} onRetry={() => void terms.refetch()} />
      ) : !terms.data.about.trim() ? (
        // Nothing written yet: the server answers an empty text and no date.
        <Empty />
      ) : (
        <>
          {terms.data.updatedAt && (
            <p className="muted">
              {text.lastUpdated}: <time dateTime={terms.data.updatedAt}>{dayMonthYear(terms.data.updatedAt)}</time>
            </p>
          )}
          <div className="prose">{terms.data.about}</div>
        </>
      )}
    </article>
  );
}
