/**
 * Route guard (spec section 2: "Routes requiring auth without a token go to / with a redirect
 * query"). Used as the loader of /app, /gdpr and /agreement.
 */
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { tokenStore } from '../lib/api';
import { handoverDone } from '../lib/handover';
import { loginUrlReturningTo } from '../lib/return-path';

/**
 * Throws a redirect to `/?redirect=<path>` when no token is stored, once a token handed over in
 * `?auth=` has been exchanged (lib/handover.ts).
 */
export async function requireToken({ request }: LoaderFunctionArgs): Promise<null> {
  await handoverDone;
  if (tokenStore.get()) return null;
  const url = new URL(request.url);
  throw redirect(loginUrlReturningTo(url.pathname + url.search, 'redirect'));
}
