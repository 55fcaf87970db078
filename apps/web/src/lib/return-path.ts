/**
 * Where to go after sign-in (spec section 2, login: "goes to the returnUrl query parameter if
 * present, otherwise home"). The 401 handler writes `returnUrl`, the auth guard `redirect`.
 */

export const HOME_PATH = '/app/home';

/**
 * A same-origin path from the `returnUrl` or `redirect` query parameter, or null when absent
 * or unsafe. Only paths starting with a single `/` count (no `//host`, no `/\host`, no scheme);
 * the front page itself is refused so that sign-in never loops back to the login form.
 */
export function returnPathFrom(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get('returnUrl') ?? params.get('redirect');
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 32)) return null;
  const path = value.split(/[?#]/)[0] ?? '';
  if (path === '/' || path === '') return null;
  return value;
}

/** The login URL that brings the user back to `path` (the current location) after sign-in. */
export function loginUrlReturningTo(path: string, parameter: 'returnUrl' | 'redirect' = 'returnUrl'): string {
  if (!path || path === '/' || path.startsWith('/?')) return '/';
  return `/?${parameter}=${encodeURIComponent(path)}`;
}
