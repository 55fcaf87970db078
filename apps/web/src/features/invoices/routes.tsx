/**
 * Routes of the invoices (issue 8) under /app: `reports/invoices/{type}` (the list of pooling or
 * commission invoices) and `reports/invoices/{type}/{id}` (one invoice), each its own lazy chunk
 * with the invoices texts (and the date picker's, from orders) prefetched.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const texts = () => {
  prefetchTexts(['invoices', 'orders']);
  return null;
};

export const invoicesRoutes: RouteObject[] = [
  {
    path: 'reports/invoices/:type',
    handle: { title: 'invoices:title' },
    loader: texts,
    lazy: () => loadChunk(() => import('./components/InvoicesPage')).then((m) => ({ Component: m.InvoicesPage })),
  },
  {
    path: 'reports/invoices/:type/:id',
    handle: { title: 'invoices:detail.pageTitle' },
    loader: texts,
    lazy: () => loadChunk(() => import('./components/InvoiceDetailPage')).then((m) => ({ Component: m.InvoiceDetailPage })),
  },
];
