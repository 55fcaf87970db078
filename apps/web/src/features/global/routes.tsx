/**
 * Routes of Global > Log and Global > Maintenance (issue 10; docs/global.md), children of the
 * Global section's layout: `/app/global/log`, `/app/global/log/:id` and `/app/global/maintenance`
 * (global admins; the server answers 403 to others). Each screen is a lazy chunk; its texts (namespace `log`) load
 * beside it.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['log']);
  return null;
};

export const globalLogRoutes: RouteObject[] = [
  {
    path: 'log',
    handle: { title: 'log:log.title' },
    loader,
    lazy: () => loadChunk(() => import('./log/LogPage')).then((m) => ({ Component: m.LogPage })),
  },
  {
    path: 'log/:id',
    handle: { title: 'log:log.title' },
    loader,
    lazy: () => loadChunk(() => import('./log/LogEntryPage')).then((m) => ({ Component: m.LogEntryPage })),
  },
  {
    path: 'maintenance',
    handle: { title: 'log:maintenance.title' },
    loader,
    lazy: () => loadChunk(() => import('./maintenance/MaintenancePage')).then((m) => ({ Component: m.MaintenancePage })),
  },
];
