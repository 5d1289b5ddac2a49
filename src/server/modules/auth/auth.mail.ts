// The mails of email accounts: the verification code and the password-reset code; and the notice
// a sign-up sends instead of a code when it names another account's contact.
import { authMailText as t } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { renderMail } from '../../platform/mail-layout.js';
import { codeRules } from './auth.codes.js';

export interface CodeMail {
  purpose: 'verify_email' | 'reset_password' | 'change_email';
  /** The account's address, carried in the link so the page knows whom the code is for. */
  email: string;
  code: string;
  /** Config PUBLIC_URL: makes the link absolute. */
  publicUrl?: string;
}

/** Subject, plain text and HTML of a code mail. */
export function codeMail({ purpose, email, code, publicUrl }: CodeMail) {
  const copy = t[purpose];
  // The reset link carries the code too: the page then only asks for the new password.
  const path =
    purpose === 'reset_password'
      ? `${routes.updatePassword}?${new URLSearchParams({ email, otpNumber: code })}`
      : purpose === 'change_email'
        ? routes.myProfile
        : `${routes.verifyAccount}?${new URLSearchParams({ email })}`;
  const { text, html } = renderMail({
    heading: copy.heading,
    paragraphs: [t.codeIs(code, codeRules.ttlMs / 60_000), copy.lead, t.ignore],
    action: { label: copy.action, path },
    publicUrl,
  });
  return { subject: copy.subject, body: text, html };
}

/** A notice with a link to sign in, no code. */
export function noticeMail(
  copy: { subject: string; heading: string; lead: string; action: string },
  publicUrl: string | undefined,
) {
  const { text, html } = renderMail({
    heading: copy.heading,
    paragraphs: [copy.lead],
    action: { label: copy.action, path: routes.customerLogin },
    publicUrl,
  });
  return { subject: copy.subject, body: text, html };
}
