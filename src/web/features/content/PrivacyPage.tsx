// The public Privacy Policy (/Privacy_Policy): the text the administrators keep.
import { useEffect } from 'react';
import { text } from '../../../contract/messages.js';
import { dayMonthYear } from '../../dates.js';
import { Empty, ErrorState, Loading } from '../../ui/states.js';
import { usePrivacy } from './api.js';

export default function PrivacyPage() {
  const privacy = usePrivacy();
  useEffect(() => {
    document.title = `${text.privacyHeading} · ${text.brand}`;
  }, []);

  return (
    <article className="container page" aria-labelledby="privacy-heading">
      <h1 id="privacy-heading">{text.privacyHeading}</h1>
      {privacy.isPending ? (
        <Loading />
      ) : privacy.isError ? (
        <ErrorState error={privacy.error} onRetry={() => void privacy.refetch()} />
      ) : !privacy.data.about.trim() ? (
        // Nothing written yet: the server answers an empty text and no date.
        <Empty />
      ) : (
        <>
          {privacy.data.updatedAt && (
            <p className="muted">
              {text.lastUpdated}: <time dateTime={privacy.data.updatedAt}>{dayMonthYear(privacy.data.updatedAt)}</time>
            </p>
          )}
          <div className="prose">{privacy.data.about}</div>
        </>
      )}
    </article>
  );
}
