/**
 * The route of My company > Integrations (`integrations` under /app/company; issue 23): its own
 * lazy chunk with the namespace `integrations`.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

export const integrationsRoutes: RouteObject[] = [
  {
    path: 'integrations',
    handle: { title: 'shell:menu.integrations' },
    loader: () => {
      prefetchTexts(['integrations']);
      return null;
    },
    lazy: () => loadChunk(() => import('./IntegrationsPage')).then((m) => ({ Component: m.IntegrationsPage })),
  },
];
