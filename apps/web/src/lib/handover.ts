/**
 * The sign-in hand-over from a sister portal (spec section 7: the token "may arrive via an auth
 * query parameter"; docs/domain.md, "Sign-in"). When this module is first imported (before the
 * router reads the address), it takes `auth` out of the address bar with
 * `history.replaceState`, so the token stays in no history entry, bookmark or Referer, and
 * exchanges it once (POST LoginHandover) for a fresh token of its own, which it stores. The
 * route guard and the first render wait for `handoverDone`. A spent or expired token leaves the
 * stored token as it was: the user signs in as usual.
 */
import { api, tokenStore } from './api';

/** Reads `auth` from the address and drops it there at once; answers its value, if any. */
function takeHandoverToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('auth');
  if (!url.searchParams.has('auth')) return null;
  url.searchParams.delete('auth');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return token || null;
}

async function exchange(auth: string): Promise<void> {
  try {
    const answer = await api<{ token: string }>('POST', 'LoginHandover', { body: { auth }, anonymous: true });
    tokenStore.set(answer.token);
  } catch (error) {
    console.warn('Sign-in hand-over failed', (error as Error).message);
  }
}

const handoverToken = takeHandoverToken();

/** Settles when a token handed over in `?auth=` has been exchanged (at once when there was none). */
export const handoverDone: Promise<void> = handoverToken ? exchange(handoverToken) : Promise.resolve();
