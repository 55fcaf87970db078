/**
 * Route of Controls (`/app/controls`, issue 10; docs/api.md, "Controls"): the portal's health
 * for provider staff. A lazy chunk; its texts (namespace `controls`) load with it.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

/** /app/controls. */
export const controlsRoutes: RouteObject[] = [
  {
    path: 'controls',
    handle: { title: 'controls:title' },
    loader: () => {
      prefetchTexts(['controls']);
      return null;
    },
    lazy: () => loadChunk(() => import('./components/ControlsPage')).then((m) => ({ Component: m.ControlsPage })),
  },
];
