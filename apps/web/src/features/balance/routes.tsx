/**
 * Routes of the balance under /app (spec section 2: balance): the balance of a location or of
 * all locations of the user's scope (`balance?location=`), and a product's history
 * (`balance/:productId?location=&from=&to=`). Each screen is its own lazy chunk, loaded with the
 * 120 s chunk time-out; `handle.title` is the i18n key of the page title. The balance page is
 * open to every user (app/shell/menu-guard.ts).
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

/** Starts loading the balance's texts with the route's code. */
const loader = () => {
  prefetchTexts(['balance']);
  return null;
};

export const balanceRoutes: RouteObject[] = [
  {
    path: 'balance',
    handle: { title: 'balance:title' },
    loader,
    lazy: () => loadChunk(() => import('./components/BalancePage')).then((m) => ({ Component: m.BalancePage })),
  },
  {
    path: 'balance/:productId',
    handle: { title: 'balance:history.title' },
    loader,
    lazy: () => loadChunk(() => import('./components/HistoryPage')).then((m) => ({ Component: m.HistoryPage })),
  },
];
