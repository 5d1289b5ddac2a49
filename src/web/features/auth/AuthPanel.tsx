// The panel of the sign-in and account pages: its heading names the document too.
import type { ReactNode } from 'react';
import { pageTitle } from './api.js';

export function AuthPanel({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="auth-panel panel">
      <title>{pageTitle(heading)}</title>
      <h1>{heading}</h1>
      {children}
    </section>
  );
}
