/**
 * Routes of Reports > Reconciliation under /app (issue 22; docs/reconciliation.md, "Screens"):
 * the saved reconciliations (`reconciliation`), a new one (`reconciliation/new`) and one
 * reconciliation (`reconciliation/:id`). Each screen is its own lazy chunk, loaded with the 120 s
 * chunk time-out; its texts (namespace `reconciliation`) load with it. The menu guard opens them
 * to users of `canUseReconciliation` (app/shell/menu-guard.ts), as the server does.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['reconciliation']);
  return null;
};

export const reconciliationRoutes: RouteObject[] = [
  {
    path: 'reconciliation',
    handle: { title: 'reconciliation:title' },
    loader,
    lazy: () => loadChunk(() => import('./components/ReconciliationsPage')).then((m) => ({ Component: m.ReconciliationsPage })),
  },
  {
    path: 'reconciliation/new',
    handle: { title: 'reconciliation:new.title' },
    loader: () => {
      prefetchTexts(['reconciliation', 'balance']);
      return null;
    },
    lazy: () => loadChunk(() => import('./components/NewReconciliationPage')).then((m) => ({ Component: m.NewReconciliationPage })),
  },
  {
    path: 'reconciliation/:id',
    handle: { title: 'reconciliation:detail.title' },
    loader: () => {
      prefetchTexts(['reconciliation', 'disputes']);
      return null;
    },
    lazy: () => loadChunk(() => import('./components/ReconciliationPage')).then((m) => ({ Component: m.ReconciliationPage })),
  },
];
