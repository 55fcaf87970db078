/**
 * Route of the API page (`/app/api`, issue 10; docs/api.md): what a customer's developer needs
 * to connect an ERP or WMS, and the user's personal API keys. A lazy chunk; its texts
 * (namespace `api`, and `orders` for the date picker) load with it. Every signed-in user.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

/** /app/api. */
export const apiRoutes: RouteObject[] = [
  {
    path: 'api',
    handle: { title: 'api:title' },
    loader: () => {
      prefetchTexts(['api', 'orders']);
      return null;
    },
    lazy: () => loadChunk(() => import('./components/ApiPage')).then((m) => ({ Component: m.ApiPage })),
  },
];
