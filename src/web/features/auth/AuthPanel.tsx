// The panel of the sign-in and account pages: its heading names the document too. Their forms'
// submit button says 'Please wait...' while the request runs.
import type { ReactNode } from 'react';
import { authText } from '../../../contract/messages.js';
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

/** `disabled` is `pending` unless the form has more reasons to wait. */
export function AuthSubmit({
  label,
  pending,
  disabled = pending,
}: {
  label: string;
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className="btn btn-block" disabled={disabled}>
      {pending ? authText.pleaseWait : label}
    </button>
  );
}
