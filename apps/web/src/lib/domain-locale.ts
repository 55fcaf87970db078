/**
 * The locale, theme and environment rules of @portal/domain (spec section 1), imported from
 * their own module. The package index also carries the zod schemas (about 25 kB gzipped) and,
 * without `"sideEffects": false` in its package.json, the bundler keeps them in every chunk that
 * imports it; the entry and the public screens import from here to stay small.
 */
export {
  environmentForHost,
  isLocale,
  type Locale,
  localeForHost,
  locales,
  type Theme,
  themeForHost,
  themes,
} from '../../../../packages/domain/src/locale';
