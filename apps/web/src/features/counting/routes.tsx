/**
 * Routes of Company > Counting under /app/company (spec section 2: company/audit): the list of
 * counts, "Register count" (audit/new) and one count (audit/{id}). Each screen is its own lazy
 * chunk, loaded with the 120 s chunk time-out; its texts (namespace `counting`) load with it.
 * A static path (audit/new) wins over audit/:id.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['counting']);
  return null;
};

export const countingRoutes: RouteObject[] = [
  {
    path: 'audit',
    handle: { title: 'counting:title' },
    loader,
    lazy: () => loadChunk(() => import('./components/CountAuditsPage')).then((m) => ({ Component: m.CountAuditsPage })),
  },
  {
    path: 'audit/new',
    handle: { title: 'counting:form.title' },
    loader,
    lazy: () => loadChunk(() => import('./components/RegisterCountPage')).then((m) => ({ Component: m.RegisterCountPage })),
  },
  {
    path: 'audit/:id',
    handle: { title: 'counting:detail.pageTitle' },
    loader,
    lazy: () => loadChunk(() => import('./components/CountAuditPage')).then((m) => ({ Component: m.CountAuditPage })),
  },
];
