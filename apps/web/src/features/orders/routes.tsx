/**
 * Routes of the order areas under /app (spec section 2): Orders / Buy (orders, orders/{id},
 * orders/scheduled), Dispatch / Sell (dispatch, dispatch/{id}, dispatch/scheduled,
 * dispatch/returns), Delivery (delivery, delivery/{id}, delivery/external), Reception
 * (reception, reception/{id}) and Expedition (expedition, expedition/{id}, expedition/direct).
 * Each screen is its own lazy chunk, loaded with the 120 s chunk time-out; `handle.title` is the
 * i18n key of the page title. A static path (orders/scheduled) wins over orders/:id.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

type ListModule = typeof import('./components/OrderListPage');

function lazyList(pick: (module: ListModule) => ComponentType) {
  return () => loadChunk(() => import('./components/OrderListPage')).then((m) => ({ Component: pick(m) }));
}

const detail = () => loadChunk(() => import('./components/OrderDetailPage')).then((m) => ({ Component: m.OrderDetailPage }));
const scheduled = (pick: (module: typeof import('./components/ScheduledOrdersPage')) => ComponentType) => () =>
  loadChunk(() => import('./components/ScheduledOrdersPage')).then((m) => ({ Component: pick(m) }));

// An order's page offers "Report a problem" (the support dialog), the signature pad and, once
// received, "Dispute" (the dispute dialog): their texts load with the page.
const detailLoader = () => {
  prefetchTexts(['support', 'signaturePad', 'disputes']);
  return null;
};
const detailRoute = (area: string): RouteObject => ({
  path: `${area}/:id`,
  handle: { title: 'orders:detail.pageTitle' },
  loader: detailLoader,
  lazy: detail,
});

export const ordersRoutes: RouteObject[] = [
  { path: 'orders', handle: { title: 'orders:list.title' }, lazy: lazyList((m) => m.PurchasesPage) },
  { path: 'orders/scheduled', handle: { title: 'orders:scheduled.title' }, lazy: scheduled((m) => m.ScheduledPurchasesPage) },
  detailRoute('orders'),
  { path: 'dispatch', handle: { title: 'orders:lists.sales.title' }, lazy: lazyList((m) => m.SalesPage) },
  { path: 'dispatch/returns', handle: { title: 'orders:lists.returns.title' }, lazy: lazyList((m) => m.ReturnsPage) },
  { path: 'dispatch/scheduled', handle: { title: 'orders:scheduled.pickupsTitle' }, lazy: scheduled((m) => m.ScheduledPickupsPage) },
  detailRoute('dispatch'),
  { path: 'delivery', handle: { title: 'orders:lists.deliveries.title' }, lazy: lazyList((m) => m.DeliveriesPage) },
  { path: 'delivery/external', handle: { title: 'orders:lists.external.title' }, lazy: lazyList((m) => m.ExternalOrdersPage) },
  detailRoute('delivery'),
  { path: 'reception', handle: { title: 'orders:lists.reception.title' }, lazy: lazyList((m) => m.ReceptionPage) },
  detailRoute('reception'),
  { path: 'expedition', handle: { title: 'orders:lists.expedition.title' }, lazy: lazyList((m) => m.ExpeditionPage) },
  { path: 'expedition/direct', handle: { title: 'orders:lists.direct.title' }, lazy: lazyList((m) => m.DirectReceptionPage) },
  detailRoute('expedition'),
];
