// The mail that carries an admin's answer to a contact message.
import { adminSupportText as t } from '../../../contract/messages.js';
import { renderMail } from '../../platform/mail-layout.js';

export interface SupportReplyMail {
  /** The sender's name as they gave it on the contact form. */
  name: string;
  /** The admin's answer. */
  answer: string;
  /** The contact message being answered, quoted under the answer. */
  original: string;
}

/** Subject, plain text and HTML of a reply to a contact message. */
export function supportReplyMail({ name, answer, original }: SupportReplyMail) {
  const { text, html } = renderMail({
    heading: t.replyHeading,
    paragraphs: [t.replyGreeting(name), answer, t.replySignOff, `${t.replyQuoteLead}\n${original}`],
  });
  return { subject: t.replySubject, body: text, html };
}
