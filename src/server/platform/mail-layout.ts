// The one layout of every mail: a plain-text part that reads well on its own and an HTML part with
// inline styles only (mail clients drop style sheets). Everything put into the HTML is escaped,
// because paragraphs carry what members wrote.
import { mailText } from '../../contract/messages.js';

export interface MailContent {
  heading: string;
  /** Line breaks inside a paragraph are kept. */
  paragraphs: readonly string[];
  /** A button to a page of the app, given as its path with query (`/update-password?…`). */
  action?: { label: string; path: string };
  /** The site's address (config PUBLIC_URL), which makes the action's link absolute. */
  publicUrl?: string;
}

export interface RenderedMail {
  text: string;
  html: string;
}

/** Text made safe inside HTML, in an element or a quoted attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Escaped, with line breaks as <br>. */
const htmlLines = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');

/**
 * The action's address. Without PUBLIC_URL the server does not know its own address, so the mail
 * can only name the path: the text shows it as is, and the HTML shows it without a link (a relative
 * link in a mail opens nowhere).
 */
function actionUrl(path: string, publicUrl: string | undefined): { url: string; absolute: boolean } {
  if (!publicUrl) return { url: path, absolute: false };
  return { url: `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`, absolute: true };
}

export function renderMail(content: MailContent): RenderedMail {
  const action = content.action && { ...content.action, ...actionUrl(content.action.path, content.publicUrl) };

  const text = [
    mailText.brand,
    content.heading,
    ...content.paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    // '-- ' is the signature separator: mail clients dim or fold what follows it.
    `-- \n${mailText.footer}`,
  ].join('\n\n');

  const paragraph = 'margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937';
  const actionHtml = action
    ? action.absolute
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0f766e;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#6b7280">${escapeHtml(mailText.linkFallback)}<br><a href="${escapeHtml(action.url)}" style="color:#115e59;word-break:break-all">${escapeHtml(action.url)}</a></p>`
      : `<p style="${paragraph}">${escapeHtml(action.label)}: ${escapeHtml(action.url)}</p>`
    : '';
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:24px 12px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;border-radius:8px;background:#ffffff">',
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0f766e">${escapeHtml(mailText.brand)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:#111827">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((value) => `<p style="${paragraph}">${htmlLines(value)}</p>`),
    actionHtml,
    '</div>',
    `<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#6b7280;text-align:center">${escapeHtml(mailText.footer)}</p>`,
    '</body></html>',
  ].join('\n');

  return { text, html };
}
