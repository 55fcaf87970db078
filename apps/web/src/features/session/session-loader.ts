/**
 * Loader of the /app area. After the token guard it starts, without waiting, what the shell
 * needs before it is ready (spec section 4, "App start"): the initial data (POST Actions), the
 * shell's texts and, as soon as the initial data names the user's language, that language's
 * texts, the alerts and the must-read messages; so they load in parallel with the shell's lazy
 * chunk instead of after it has rendered (docs/performance.md). The SessionProvider still owns the session: it reads the same query.
 */
import { type LoaderFunctionArgs, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { queryClient } from '../../app/query-client';
import { requireToken } from '../../app/require-token';
import { prefetchTexts } from '../../i18n';
import { digipallRedirect } from '../../lib/digipall-hosts';
import { initialDataQuery, needsGdprConfirmation } from './session-api';

/**
 * Throws the sign-in redirect without a token (`requireToken`, which first lets a token handed
 * over in `?auth=` be exchanged), then the digipall hosts' redirect, else starts the prefetches
 * with the token in hand.
 */
export async function appLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireToken(args);
  // The digipall hosts' routing rules (spec section 2; lib/digipall-hosts.ts).
  const url = new URL(args.request.url);
  const to = digipallRedirect(url.host, url.pathname);
  if (to) throw redirect(to);
  prefetchTexts(['shell']);
  void queryClient.fetchQuery(initialDataQuery).then(
    (data) => {
      prefetchTexts([], data.status.language);
      // Before the GDPR consent every call but the gdpr page's answers 403: the app goes there first.
      if (needsGdprConfirmation(data.status.loginUser)) return;
      // The shell's alerts and must-read messages, asked for here rather than by its effects (from
      // the shell's chunk, which app.html preloads: the login page's first load stays without it).
      void import('../../app/shell/alerts').then(
        (shell) => shell.prefetchShellQueries(),
        () => undefined, // the route's own load of the chunk reports it
      );
    },
    () => undefined, // the SessionProvider shows the error
  );
  return null;
}

/**
 * The /app route's `shouldRevalidate`: the loader runs again on a navigation inside /app that a
 * digipall host's rule sends elsewhere (a menu link on `digipall2`), else as React Router decides.
 */
export function appShouldRevalidate({ nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return digipallRedirect(nextUrl.host, nextUrl.pathname) !== null || defaultShouldRevalidate;
}
