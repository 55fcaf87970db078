/**
 * What the first render waits for, so that React draws the first screen once, complete
 * (docs/performance.md, "The first screen drawn once"): the router's first navigation (the
 * route's lazy chunks and loaders), the texts its loaders asked for and, on an /app page, the
 * session (POST Actions, which the boot script has usually sent already) and the shell's texts.
 * Rendering before them drew a spinner first and then the shell, which cost a phone about a
 * third more main-thread time before the first paint. Meanwhile the stylesheet's own spinner
 * shows (global.css, `#root:empty`). Nothing here decides anything: an error or a redirect still
 * ends on the screen the router and the SessionProvider show for it.
 */
import type { DataRouter } from 'react-router';
import { initialDataQuery } from '../features/session/session-api';
import { i18next, i18nStarted, prefetchedTexts } from '../i18n';
import { tokenStore } from '../lib/api';
import { queryClient } from './query-client';

/** At most this long, in ms, the first render waits for the session; after it, the shell's own spinner shows. */
export const FIRST_SCREEN_WAIT_MS = 4000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Settles when the router's first navigation has ended (its `initialized` state). */
function routerInitialized(router: Pick<DataRouter, 'state' | 'subscribe'>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Settles when the first screen can be drawn whole: the router has loaded the page, and on an
 * /app page with a token the session and the shell's texts are there (or have failed, or
 * `FIRST_SCREEN_WAIT_MS` has passed). Never rejects.
 */
export async function firstScreenReady(router: Pick<DataRouter, 'state' | 'subscribe'>): Promise<void> {
  await routerInitialized(router);
  // The texts the route's loaders asked for (the start page's, for one) and the common ones.
  const texts = Promise.all([prefetchedTexts(), i18nStarted.then(() => i18next.loadNamespaces(['common']))]);
  await Promise.race([texts.catch(() => undefined), delay(FIRST_SCREEN_WAIT_MS)]);
  const inApp = router.state.matches.some((match) => match.route.path === '/app');
  if (!inApp || !tokenStore.get() || router.state.errors) return;
  const session = queryClient.fetchQuery(initialDataQuery).then(
    () => i18nStarted.then(() => i18next.loadNamespaces(['shell'])).catch(() => undefined),
    () => undefined,
  );
  await Promise.race([session, delay(FIRST_SCREEN_WAIT_MS)]);
}
