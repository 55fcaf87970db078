/**
 * Route loaders of the public area. They wait for nothing: they start the calls and texts the
 * screens will ask for, so these run in parallel with the screens' lazy chunks instead of
 * after them (the login page's first paint on a slow network, docs/performance.md).
 */
import { queryClient } from '../../app/query-client';
import { i18next, i18nStarted, prefetchTexts } from '../../i18n';
import { tokenStore } from '../../lib/api';
import { publicStatusQuery, tokenStatusQuery, welcomeMessagesQuery } from './public-api';

/** Loader of the public layout (`/`): GET Status and the `public` texts. */
export function publicLayoutLoader(): null {
  void queryClient.prefetchQuery(publicStatusQuery);
  prefetchTexts(['public']);
  return null;
}

/**
 * Loader of the login page: with a stored token its status (the page says "already logged in"
 * when it is valid), else the welcome messages shown beside the form.
 */
export function loginLoader(): null {
  const token = tokenStore.get();
  if (token) void queryClient.prefetchQuery(tokenStatusQuery(token));
  else void i18nStarted.then((locale) => queryClient.prefetchQuery(welcomeMessagesQuery(i18next.language || locale)));
  return null;
}

/** Loader of the public calculators: their texts and the number input's, beside the page's chunk. */
export function calculatorLoader(): null {
  prefetchTexts(['environment', 'orders']);
  return null;
}
