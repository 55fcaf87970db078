/**
 * Company > Locations (`/app/company/locations`; spec section 2: company/locations): the list
 * with its type filter; a location opens in the location dialog. Its own lazy chunk, texts in
 * the namespaces `locations` and `address`.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

export const companyLocationsRoutes: RouteObject[] = [
  {
    path: 'locations',
    handle: { title: 'shell:menu.companyLocations' },
    loader: () => {
      prefetchTexts(['locations', 'address']);
      return null;
    },
    lazy: () => loadChunk(() => import('./components/LocationsPage')).then((m) => ({ Component: m.LocationsPage })),
  },
];
