/**
 * The start page's loader work (/app/home): its widgets' figures asked for before it renders.
 * Imported by the route's loader from the shell's chunk (app/router.tsx).
 */
import { queryClient } from '../../app/query-client';
import { tokenStore } from '../../lib/api';
import { handoverDone } from '../../lib/handover';
import { initialDataQuery, needsGdprConfirmation } from '../session/session-api';
import { environmentWidgetQuery } from './environment-api';
import { volumeWidgetQuery } from './home-api';

/**
 * The start page's loader work: once the session names the acting location (POST Actions, which
 * the boot script has usually sent), asks for both widgets' figures, so they arrive with the
 * page's first render instead of being asked for by its effects after it (docs/performance.md).
 */
export function prefetchStartPage(): void {
  // Runs beside the /app loader, not after it: like its token guard, it waits for a sign-in
  // handed over in `?auth=` to be exchanged, and asks nothing without a token.
  void handoverDone
    .then(() => (tokenStore.get() ? queryClient.fetchQuery(initialDataQuery) : null))
    .then(
      (data) => {
        // Nothing before the GDPR consent: the app goes to the gdpr page first (every other call answers 403).
        if (!data || needsGdprConfirmation(data.status.loginUser)) return;
        const locationId = data.status.location?.id ?? null;
        void queryClient.prefetchQuery(volumeWidgetQuery(locationId));
        void queryClient.prefetchQuery(environmentWidgetQuery(locationId));
      },
      () => undefined, // the SessionProvider shows the error
    );
}
