/**
 * Global > Caching (`/app/global/caching`, a child of the Global section's layout; global admins; spec section 2): the caches of the
 * server, their size and age, and "Empty" per cache and for all. A lazy chunk; its texts
 * (namespace `caching`) load beside it.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../../i18n';
import { loadChunk } from '../../../lib/chunk-load';

export const cachingRoutes: RouteObject[] = [
  {
    path: 'caching',
    handle: { title: 'caching:title' },
    loader: () => {
      prefetchTexts(['caching']);
      return null;
    },
    lazy: () => loadChunk(() => import('./components/CachingPage')).then((m) => ({ Component: m.CachingPage })),
  },
];
