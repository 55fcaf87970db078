/**
 * Locale and theme choice by host (spec section 1 and 2, "Public area").
 */
export const locales = ['nb-NO', 'sv-SE', 'da-DK', 'fi-FI', 'en-US'] as const;
export type Locale = (typeof locales)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * The locale a visitor sees: a stored choice wins; otherwise by host suffix (.se sv-SE,
 * .dk da-DK, .fi fi-FI), localhost da-DK, anything else nb-NO. Source: spec section 1.
 * @param host the page's host name, with or without port
 * @param stored the locale kept in browser storage, if any
 */
export function localeForHost(host: string, stored?: string | null): Locale {
  if (isLocale(stored)) return stored;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (name === 'localhost' || name === '127.0.0.1' || name.endsWith('.localhost')) return 'da-DK';
  if (name.endsWith('.se')) return 'sv-SE';
  if (name.endsWith('.dk')) return 'da-DK';
  if (name.endsWith('.fi')) return 'fi-FI';
  return 'nb-NO';
}

export const themes = ['default', 'cma', 'ppa', 'swa'] as const;
export type Theme = (typeof themes)[number];

/**
 * Theme and logo by host (spec section 1): a host whose first label or any label is
 * `cma`, `ppa` or `swa` (e.g. `swa.portal.no`, `portal-ppa.se`) gets that brand, any
 * other host the default theme.
 */
export function themeForHost(host: string): Theme {
  const labels = host.toLowerCase().replace(/:\d+$/, '').split(/[.-]/);
  for (const theme of ['cma', 'ppa', 'swa'] as const) {
    if (labels.includes(theme)) return theme;
  }
  return 'default';
}

/** Environment label shown in the top bar (spec section 2, "Shell"): local, test, qa or none. */
export function environmentForHost(host: string): 'local' | 'test' | 'qa' | null {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (name === 'localhost' || name === '127.0.0.1') return 'local';
  const labels = name.split(/[.-]/);
  if (labels.includes('qa')) return 'qa';
  if (labels.includes('test')) return 'test';
  return null;
}
