// What both homes share: the document title, their own top section, then the catalogue sections.
import type { ReactNode } from 'react';
import { text } from '../../../contract/messages.js';
import { CategoryGrid, OfferList, ProviderCards } from '../catalogue/index.js';
import { useChosenLocation } from '../places/index.js';
import styles from './home.module.css';

/** `heading`: the page's h1, which names the document too; `children`: the top section. */
export function HomeFrame({ heading, children }: { heading: string; children: ReactNode }) {
  // The chosen city's offers and providers first. The server draws the page without one (a
  // visitor's choice lives in the browser), and so does hydration: the store answers null until then.
  const city = useChosenLocation()?.city ?? null;
  return (
    <>
      <title>{`${heading} · ${text.brand}`}</title>
      {children}
      {/* Each section in a box of its own, which lays its cards out compactly on a phone. */}
      <div className={styles.categories}>
        <CategoryGrid />
      </div>
      <div className={styles.offers}>
        <OfferList city={city} />
      </div>
      <div className={styles.providers}>
        <ProviderCards city={city} />
      </div>
    </>
  );
}
