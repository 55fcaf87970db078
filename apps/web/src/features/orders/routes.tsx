/**
 * Routes of the Orders / Buy area under /app (spec section 2): orders, orders/{id},
 * orders/scheduled. Each screen is its own lazy chunk, loaded with the 120 s chunk time-out;
 * `handle.title` is the i18n key of the page title.
 */
import type { RouteObject } from 'react-router';
import { loadChunk } from '../../lib/chunk-load';

export const ordersRoutes: RouteObject[] = [
  {
    path: 'orders',
    handle: { title: 'orders:list.title' },
    lazy: () =>
      loadChunk(() => import('./components/OrdersPage')).then((m) => ({
        Component: m.OrdersPage,
      })),
  },
  {
    path: 'orders/scheduled',
    handle: { title: 'orders:scheduled.title' },
    lazy: () =>
      loadChunk(() => import('./components/ScheduledOrdersPage')).then((m) => ({
        Component: m.ScheduledOrdersPage,
      })),
  },
  {
    path: 'orders/:id',
    handle: { title: 'orders:detail.pageTitle' },
    lazy: () =>
      loadChunk(() => import('./components/OrderDetailPage')).then((m) => ({
        Component: m.OrderDetailPage,
      })),
  },
];
