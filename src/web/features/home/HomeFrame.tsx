// What both homes share: the document title, their own top section, then the catalogue sections.
import type { ReactNode } from 'react';
import { text } from '../../../contract/messages.js';
import { CategoryGrid, OfferList, ProviderCards } from '../catalogue/index.js';
import styles from './home.module.css';

/** `heading`: the page's h1, which names the document too; `children`: the top section. */
export function HomeFrame({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <>
      <title>{`${heading} · ${text.brand}`}</title>
      {children}
      {/* Each section in a box of its own, which lays its cards out compactly on a phone. */}
      <div className={styles.categories}>
        <CategoryGrid />
      </div>
      <div className={styles.offers}>
        <OfferList />
      </div>
      <div className={styles.providers}>
        <ProviderCards />
      </div>
    </>
  );
}
