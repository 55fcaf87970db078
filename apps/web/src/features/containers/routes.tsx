/**
 * Routes of Container (spec section 2: containers/{id?}, rentals, rentals/{id}, orders/{id?}):
 * Containers, one container, Rentals and one rental, and the container orders (orders/routes.tsx) (the shell draws the section's links from the menu's
 * children of Container).
 * Each screen is its own lazy chunk, loaded with the 120 s chunk time-out; its texts (namespace
 * `containers`) load with it. Static paths (rentals, orders) win over :id.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';
import { containerOrdersRoutes } from './orders/routes';

const loader = () => {
  prefetchTexts(['containers']);
  return null;
};

/** The pages under /app/containers. */
export const containerPageRoutes: RouteObject[] = [
  {
    index: true,
    handle: { title: 'containers:containers.title' },
    loader,
    lazy: () => loadChunk(() => import('./components/ContainersPage')).then((m) => ({ Component: m.ContainersPage })),
  },
  {
    path: 'rentals',
    handle: { title: 'containers:rentals.title' },
    loader,
    lazy: () => loadChunk(() => import('./components/RentalsPage')).then((m) => ({ Component: m.RentalsPage })),
  },
  {
    path: 'rentals/:id',
    handle: { title: 'containers:rental.pageTitle' },
    loader,
    lazy: () => loadChunk(() => import('./components/RentalPage')).then((m) => ({ Component: m.RentalPage })),
  },
  ...containerOrdersRoutes,
  {
    path: ':id',
    handle: { title: 'containers:container.pageTitle' },
    loader,
    lazy: () => loadChunk(() => import('./components/ContainerPage')).then((m) => ({ Component: m.ContainerPage })),
  },
];

/** /app/containers and its pages (further pages of the area join `children`). */
export const containersRoute: RouteObject = {
  path: 'containers',
  children: containerPageRoutes,
};
