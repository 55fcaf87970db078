/**
 * Server-side translations: the `messages` catalogue of @portal/domain (errors and
 * validation), shared with the web app, through i18next.
 */
import { createRequire } from 'node:module';
import { isLocale, type Locale, locales } from '@portal/domain';
import i18next, { type TFunction } from 'i18next';

const require = createRequire(import.meta.url);
const resources = Object.fromEntries(
  locales.map((locale) => [locale, { messages: require(`@portal/domain/messages/${locale}.json`) }]),
);

const instance = i18next.createInstance();
await instance.init({
  resources,
  lng: 'en-US',
  fallbackLng: 'en-US',
  ns: ['messages'],
  defaultNS: 'messages',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** A translator for one locale. */
export function translator(locale: Locale): TFunction {
  return instance.getFixedT(locale, 'messages');
}

/**
 * The caller's locale: the session's language, else the best match of Accept-Language,
 * else nb-NO (spec section 1).
 */
export function negotiateLocale(acceptLanguage: string | undefined, sessionLanguage?: string | null): Locale {
  if (isLocale(sessionLanguage)) return sessionLanguage;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const exact = locales.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const lang = locales.find((l) => l.slice(0, 2) === tag.slice(0, 2) || (tag.startsWith('no') && l === 'nb-NO'));
    if (lang) return lang;
  }
  return 'nb-NO';
}
