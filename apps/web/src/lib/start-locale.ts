/**
 * The language a page starts in (spec section 1): the `lang` of its address when it names one of
 * the portal's locales, else the choice stored in the browser, else the host's. A mailed password
 * or welcome link carries its recipient's language in `lang` (modules/accounts/password-link.ts),
 * so the page behind it speaks the mail's language, whoever used the browser before (issue 20).
 * The address's language is not stored: it is the link's, not a choice made in this browser.
 */
import { isLocale, type Locale, localeForHost } from './domain-locale';

/** The starting locale for `host` and the address's `search` (`?lang=...`), with the stored choice `stored`. */
export function startLocale(host: string, search: string, stored: string | null): Locale {
  const linked = new URLSearchParams(search).get('lang');
  return isLocale(linked) ? linked : localeForHost(host, stored);
}
