/**
 * i18next set-up. Resources are JSON files per locale and namespace
 * (`locales/<locale>/<namespace>.json`), loaded on demand so each route only pulls the
 * texts it shows. The `messages` namespace (errors, validation) comes from @portal/domain,
 * shared with the server. `<html lang>` always follows the active language.
 */

import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, type Locale, locales } from '../lib/domain-locale';

const appResources = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');
const sharedResources = import.meta.glob<{ default: Record<string, unknown> }>('../../../../packages/domain/src/messages/*.json');

/** dayjs locale modules (date pickers, relative dates), loaded with the language. */
const dayjsLocales: Record<Locale, { name: string; load: () => Promise<unknown> }> = {
  'nb-NO': { name: 'nb', load: () => import('dayjs/locale/nb') },
  'sv-SE': { name: 'sv', load: () => import('dayjs/locale/sv') },
  'da-DK': { name: 'da', load: () => import('dayjs/locale/da') },
  'fi-FI': { name: 'fi', load: () => import('dayjs/locale/fi') },
  'en-US': { name: 'en', load: async () => undefined },
};

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load =
      namespace === 'messages'
        ? sharedResources[`../../../../packages/domain/src/messages/${language}.json`]
        : appResources[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No ${namespace} texts for ${language}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

export const LOCALE_STORAGE_KEY = 'locale';

/** The dayjs locale name of a portal locale (nb, sv, da, fi, en). */
export function dayjsLocaleOf(locale: string): string {
  return dayjsLocales[locale as Locale]?.name ?? 'en';
}

/**
 * Loads dayjs and its locale for `locale` and makes it the global dayjs locale. Called by the
 * /app layout (date pickers live there); the public screens do not load dayjs at all.
 */
export async function loadDayjsLocale(locale: string): Promise<void> {
  const entry = dayjsLocales[locale as Locale] ?? dayjsLocales['en-US'];
  const [{ default: dayjs }] = await Promise.all([import('dayjs'), entry.load().catch(() => undefined)]);
  dayjs.locale(entry.name);
}

let started: (locale: Locale) => void = () => {};
/**
 * Resolves with the starting locale once `initI18n` has begun (its options are set, its first
 * load not yet sent), so route loaders can add their namespaces to that first load.
 */
export const i18nStarted = new Promise<Locale>((resolve) => {
  started = resolve;
});

/**
 * Starts loading texts a route is about to show, without waiting for them: `namespaces` in the
 * active language (joined to the first load while i18n starts), and with `language` all loaded
 * namespaces of that language too, ahead of a switch to it. Used by route loaders, so texts
 * arrive in parallel with the route's code instead of after it has rendered.
 */
export function prefetchTexts(namespaces: string[], language?: string): void {
  const loading = i18nStarted.then(async () => {
    await i18next.loadNamespaces(namespaces);
    if (language && isLocale(language) && language !== i18next.language) await i18next.loadLanguages(language);
  });
  prefetching.add(loading);
  void loading.finally(() => prefetching.delete(loading)).catch(() => undefined);
}

/** The prefetches of `prefetchTexts` still loading. */
const prefetching = new Set<Promise<void>>();

/**
 * Settles when the texts asked for by `prefetchTexts` so far have loaded or failed (never
 * rejects): the first render waits for the route's texts with it (app/first-screen.ts).
 */
export async function prefetchedTexts(): Promise<void> {
  await Promise.allSettled([...prefetching]);
}

/** Starts i18next in a locale; resolves when the common namespaces are loaded. */
export async function initI18n(locale: Locale): Promise<typeof i18next> {
  document.documentElement.lang = locale;
  started(locale);
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...locales],
      ns: ['common', 'messages'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
      // A key without a text shows the key itself; say so where tests and error tracking see it.
      // A lookup with its own default value (a stored value shown as is) is not a missing text.
      parseMissingKeyHandler: (key, defaultValue) => {
        if (defaultValue !== undefined) return defaultValue;
        console.error(`Missing text: ${key} (${i18next.language})`);
        return key;
      },
      appendNamespaceToMissingKey: true,
    });
  return i18next;
}

/**
 * Switches the interface language in place and, with `persist`, keeps it in browser storage
 * (spec section 1: "The chosen locale is kept in browser storage").
 */
export async function changeLocale(locale: Locale, { persist = true } = {}): Promise<void> {
  if (persist) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
}

/**
 * Keeps a signed-in user's language in browser storage without switching to it now: the login
 * page stores it at sign-in, so the app she goes to starts in her language and loads its texts
 * with its code (docs/performance.md) instead of the host's first.
 */
export function rememberLocale(locale: string): void {
  if (isLocale(locale)) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
}

export { i18next };
