/**
 * Routes of disputes under /app (issue 22; docs/disputes.md, "Screens"): the lists
 * (`disputes?list=`) and one dispute (`disputes/:id`). Each screen is its own lazy chunk, loaded
 * with the 120 s chunk time-out; its texts (namespace `disputes`) load with it. The menu guard
 * opens them to users of `canUseDisputes` (app/shell/menu-guard.ts).
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['disputes']);
  return null;
};

export const disputeRoutes: RouteObject[] = [
  {
    path: 'disputes',
    handle: { title: 'disputes:title' },
    loader,
    lazy: () => loadChunk(() => import('./components/DisputesPage')).then((m) => ({ Component: m.DisputesPage })),
  },
  {
    path: 'disputes/:id',
    handle: { title: 'disputes:detail.title' },
    loader,
    lazy: () => loadChunk(() => import('./components/DisputePage')).then((m) => ({ Component: m.DisputePage })),
  },
];
