/**
 * Routes of Reports under /app (spec section 2: reports index, commisions, locations, purchases,
 * transactions, pooling, users; Menu > Shop accounting: shop-transactions, retail-transactions).
 * Each is a lazy chunk loaded with the 120 s chunk time-out; `handle.title` is the i18n key of the
 * page title, `handle.report` the report the page shows, and `handle.wide` lets its grid take the
 * window's width (app-layout.tsx). The invoices pages (reports/invoices/...) are another feature's.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';
import { reportPages } from './lib/reports';

const prefetch = () => {
  prefetchTexts(['reports']);
  return null;
};

export const reportsRoutes: RouteObject[] = [
  {
    path: 'reports',
    handle: { title: 'reports:index.title' },
    loader: prefetch,
    lazy: () => loadChunk(() => import('./components/ReportsIndexPage')).then((m) => ({ Component: m.ReportsIndexPage })),
  },
  ...reportPages.map(
    (page): RouteObject => ({
      path: page.path,
      handle: { title: `reports:titles.${page.report}`, report: page.report, wide: true },
      loader: prefetch,
      lazy: () => loadChunk(() => import('./components/ReportPage')).then((m) => ({ Component: m.ReportRoute })),
    }),
  ),
];
