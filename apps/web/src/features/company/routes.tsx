/**
 * Routes of Company > External locations (`external`) and Company > Email archive
 * (`email-archive`) under /app/company (spec section 2). Each screen is its own lazy chunk,
 * loaded with the 120 s chunk time-out; its texts (namespaces `externalLocations` with
 * `address`, `emailArchive`) load beside it.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

export const companyExternalArchiveRoutes: RouteObject[] = [
  {
    path: 'external',
    handle: { title: 'shell:menu.externalLocations' },
    loader: () => {
      prefetchTexts(['externalLocations', 'address']);
      return null;
    },
    lazy: () => loadChunk(() => import('./external-locations/ExternalLocationsPage')).then((m) => ({ Component: m.ExternalLocationsPage })),
  },
  {
    path: 'email-archive',
    handle: { title: 'shell:menu.emailArchive' },
    loader: () => {
      prefetchTexts(['emailArchive']);
      return null;
    },
    lazy: () => loadChunk(() => import('./email-archive/EmailArchivePage')).then((m) => ({ Component: m.EmailArchivePage })),
  },
];
