/**
 * Routes of registration: the public /new-customer and /visitors (one screen, spec section 2)
 * and the provider's Admin > Customer requests (/app/global/customer-requests, global admins).
 * Each screen is a lazy chunk; its texts (namespace `registration`) load beside it.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['registration', 'address']);
  return null;
};

const newCustomerPage = () => loadChunk(() => import('./components/NewCustomerPage')).then((m) => ({ Component: m.NewCustomerPage }));

/** Public screens, under the public layout. */
export const newCustomerRoutes: RouteObject[] = [
  { path: 'new-customer', handle: { title: 'titles.newCustomer' }, loader, lazy: newCustomerPage },
  { path: 'visitors', handle: { title: 'titles.visitors' }, loader, lazy: newCustomerPage },
];

/** Admin > Customer requests, under /app. */
export const customerRequestsRoutes: RouteObject[] = [
  {
    path: 'global/customer-requests',
    handle: { title: 'registration:requests.title' },
    loader,
    lazy: () => loadChunk(() => import('./components/CustomerRequestsPage')).then((m) => ({ Component: m.CustomerRequestsPage })),
  },
];
