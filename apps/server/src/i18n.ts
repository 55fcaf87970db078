/**
 * Server-side translations: the `messages` catalogue of @portal/domain (errors and
 * validation), shared with the web app, through i18next.
 */
import { createRequire } from 'node:module';
import { isLocale, type Locale, locales } from '@portal/domain';
import i18next, { type TFunction } from 'i18next';

const require = createRequire(import.meta.url);
const resources = Object.fromEntries(locales.map((locale) => [locale, { messages: require(`@portal/domain/messages/${locale}.json`) }]));

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
 * Whether `key` names a message of the catalogue (a schema's field message such as
 * `validation.required` or `accounts.email`), rather than a library's own text.
 */
export function isMessageKey(key: string): boolean {
  return /^[a-zA-Z]+\.[\w.]+$/.test(key) && instance.exists(key, { lng: 'en-US', ns: 'messages' });
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

/**
 * The interpolation values of a message in the caller's language: a status id passed as
 * `<name>StatusId` also becomes `<name>`, its translated label; a plain date (yyyy-MM-dd) in a
 * value named `date` or ending in `Date` is written as the locale writes dates (nb-NO
 * 22.11.2026, sv-SE 2026-11-22, en-US 11/22/2026). Business dates carry no time zone, so they
 * are formatted in UTC, never shifted a day by the server's zone.
 */
export function localizeParams(t: TFunction, locale: Locale, params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith('StatusId') && typeof value === 'number') out[key.slice(0, -8)] = t(`status.${value}`);
    if ((key === 'date' || key.endsWith('Date')) && typeof value === 'string' && plainDate.test(value))
      out[key] = formatPlainDate(value, locale);
  }
  return out;
}

/**
 * The values a field's message is written with: the error's params, and those of `fieldParams`
 * under the field's path (each line of a receipt names its own limit, issue 20).
 */
export function fieldValues(params: Record<string, unknown>, path: string): Record<string, unknown> {
  const own = (params.fieldParams as Record<string, Record<string, unknown>> | undefined)?.[path];
  return own ? { ...params, ...own } : params;
}

const plainDate = /^\d{4}-\d{2}-\d{2}$/;
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A plain date (yyyy-MM-dd) in the locale's numeric form, with a four-digit year. */
export function formatPlainDate(date: string, locale: Locale): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}
