// The public FAQ (/Faqs, /FAQ, /faq): each question a native disclosure, 20 at a time.
import { useEffect } from 'react';
import { text } from '../../../contract/messages.js';
import { Empty, ErrorState, Loading } from '../../ui/states.js';
import styles from './content.module.css';
import { useFaqs } from './api.js';

export default function FaqPage() {
  const faqs = useFaqs();
  useEffect(() => {
    document.title = `${text.faqHeading} · ${text.brand}`;
  }, []);

  return (
    <section className="container page" aria-labelledby="faq-heading">
      <h1 id="faq-heading">{text.faqHeading}</h1>
      {faqs.isPending ? (
        <Loading />
      ) : faqs.isError && !faqs.data ? (
        <ErrorState error={faqs.error} onRetry={() => void faqs.refetch()} />
      ) : faqs.data.length === 0 ? (
        <Empty />
      ) : (
        <>
          <ul className={styles.faqList}>
            {faqs.data.map((faq) => (
              <li key={faq._id}>
                <details>
                  <summary>{faq.title}</summary>
                  <p className={`prose ${styles.answer}`}>{faq.about}</p>
                </details>
              </li>
            ))}
          </ul>
          {faqs.isFetchNextPageError && <ErrorState error={faqs.error} />}
          {faqs.hasNextPage && (
            <button
              type="button"
              className={`btn btn-outline ${styles.more}`}
              disabled={faqs.isFetchingNextPage}
              onClick={() => void faqs.fetchNextPage()}
            >
              {faqs.isFetchingNextPage ? text.loading : text.showMore}
            </button>
          )}
        </>
      )}
    </section>
  );
}
