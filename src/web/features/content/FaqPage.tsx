// The public FAQ (/Faqs, /FAQ, /faq): each question a native disclosure, 20 at a time.
import { text } from '../../../contract/messages.js';
import { Empty, QueryState, ShowMore } from '../../ui/states.js';
import styles from './content.module.css';
import { useFaqs } from './api.js';

export default function FaqPage() {
  const faqs = useFaqs();
  return (
    <section className="container page" aria-labelledby="faq-heading">
      <title>{`${text.faqHeading} · ${text.brand}`}</title>
      <h1 id="faq-heading">{text.faqHeading}</h1>
      <QueryState query={faqs} keepData empty={<Empty />}>
        {(list) => (
          <>
            <ul className={styles.faqList}>
              {list.map((faq) => (
                <li key={faq._id}>
                  <details>
                    <summary>{faq.title}</summary>
                    <p className={`prose ${styles.answer}`}>{faq.about}</p>
                  </details>
                </li>
              ))}
            </ul>
            <ShowMore query={faqs} showError className={styles.more} />
          </>
        )}
      </QueryState>
    </section>
  );
}
