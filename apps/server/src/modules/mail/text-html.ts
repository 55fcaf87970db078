/**
 * The HTML twin of a plain-text mail (statements, balance confirmations): each paragraph (text
 * between blank lines) in a <p>, its line breaks kept, every http(s) address a link, everything
 * escaped. Mail readers and the email archive's preview show the HTML; the text stays for
 * readers that show text only.
 */
import type { Locale } from '@portal/domain';
import { escapeHtml } from './order-mail.js';

/** `text` as a small HTML document in `locale`. */
export function textMailHtml(locale: Locale, text: string): string {
  const paragraph = (block: string) =>
    escapeHtml(block)
      .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
      .replace(/\n/g, '<br>');
  return [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">`,
    ...text
      .split(/\n{2,}/)
      .filter((block) => block.trim())
      .map((block) => `<p>${paragraph(block)}</p>`),
    '</body></html>',
  ].join('\n');
}
