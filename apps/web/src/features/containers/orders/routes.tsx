/**
 * Routes of Container > Orders under /app (spec section 2: containers/orders/{id?}): the list of
 * container orders and one order. Each screen is its own lazy chunk; its texts (namespace
 * `containerOrders`) load with it.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../../i18n';
import { loadChunk } from '../../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['containerOrders']);
  return null;
};

/** The pages under /app/containers/orders (children of the area's route, features/containers/routes.tsx). */
export const containerOrdersRoutes: RouteObject[] = [
  {
    path: 'orders',
    handle: { title: 'containerOrders:title' },
    loader,
    lazy: () => loadChunk(() => import('./components/ContainerOrdersPage')).then((m) => ({ Component: m.ContainerOrdersPage })),
  },
  {
    path: 'orders/:id',
    handle: { title: 'containerOrders:detail.pageTitle' },
    loader,
    lazy: () => loadChunk(() => import('./components/ContainerOrderPage')).then((m) => ({ Component: m.ContainerOrderPage })),
  },
];
