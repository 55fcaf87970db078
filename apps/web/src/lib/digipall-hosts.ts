/**
 * The digipall hosts (spec section 2, routing rules): "on a host containing 'digipall2' any /app
 * path goes to the inventory pallet-receipts route; on a host containing 'digipall' /app goes to
 * pallet-receipts". A digipall host is a dock's tablet or phone that writes pallet receipts only.
 *
 * - `digipall2`: every /app path outside `/app/pallet-receipts-inv` (its log and details stay
 *   reachable) goes to `/app/pallet-receipts-inv`.
 * - `digipall` (not `digipall2`): the app's start, `/app` and `/app/home` (where the sign-in lands
 *   without a return address), goes to `/app/pallet-receipts`; other paths open as anywhere.
 *
 * The server never shows these hosts the old-page notice (`isPortalHost`, docs/global.md).
 */

/** Where the /app path `pathname` must go on `host` instead, or null to stay. */
export function digipallRedirect(host: string, pathname: string): string | null {
  const name = host.toLowerCase();
  const path = pathname.replace(/\/+$/, '') || '/';
  if (name.includes('digipall2')) {
    if (path === '/app/pallet-receipts-inv' || path.startsWith('/app/pallet-receipts-inv/')) return null;
    return path === '/app' || path.startsWith('/app/') ? '/app/pallet-receipts-inv' : null;
  }
  if (name.includes('digipall') && (path === '/app' || path === '/app/home')) return '/app/pallet-receipts';
  return null;
}
