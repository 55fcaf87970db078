/**
 * The provider's public website, linked from the service-unavailable message (spec section 2).
 * `VITE_PROVIDER_URL` sets it at build time; otherwise it is the www host of the portal's own
 * domain (portal.example.no -> https://www.example.no), or the portal's origin on a bare host.
 */
export function providerSiteUrl(hostname: string = window.location.hostname): string {
  const configured = import.meta.env.VITE_PROVIDER_URL as string | undefined;
  if (configured) return configured;
  const labels = hostname.split('.');
  if (labels.length >= 3) return `https://www.${labels.slice(1).join('.')}`;
  if (labels.length === 2) return `https://www.${hostname}`;
  return window.location.origin;
}
