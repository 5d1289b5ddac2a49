import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { text } from '../../contract/messages.js';
import { SiteFooter } from './SiteFooter.js';
import { SiteHeader } from './SiteHeader.js';

/** Routes fill it through the Outlet; `/faq` hands its public page in as children. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        {text.skipToContent}
      </a>
      <SiteHeader />
      <main id="main">{children ?? <Outlet />}</main>
      <SiteFooter />
    </>
  );
}
